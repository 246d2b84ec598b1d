import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { StreamEvent } from '../../src/domain/types/customerService';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import type { Trx } from '../timers/timers';
import { log } from '../observability/log';

/**
 * Live fan-out of chat events to the open streams (issue 15), behind one small interface:
 *
 * - `inTransaction(trx, delivery)` is called inside the transaction that stored the event;
 * - `afterCommit(delivery)` right after it committed;
 * - `subscribe(listener)` by every open stream of this process.
 *
 * On PGlite (one process) the event is emitted in-process after commit. On a PostgreSQL server it is
 * a `NOTIFY` sent inside the storing transaction, which PostgreSQL delivers at commit, and only if
 * it commits, to every server process listening (this one included) on one dedicated connection.
 * Nothing is lost if a notification is: the stream's position lets a client replay from the table.
 */
export interface Delivery {
  /** Users who may see it (buyer, seller); `platform` adds every staff member's stream. */
  userIds: string[];
  platform: boolean;
  /** The position (message id) when the event is a message. */
  id: string | null;
  event: StreamEvent;
}

export interface ChatBus {
  /**
   * Resolves once deliveries from every process reach this one (on PostgreSQL: its LISTEN is in place). A
   * stream says `ready` only after it: a message sent between the two would otherwise never reach it.
   */
  readonly ready: Promise<void>;
  inTransaction(trx: Trx, delivery: Delivery): Promise<void>;
  afterCommit(delivery: Delivery): void;
  subscribe(listener: (delivery: Delivery) => void): () => void;
  /** Ends every open stream of this process (shutdown) and the listening connection. */
  close(): Promise<void>;
  onClose(listener: () => void): () => void;
}

const channel = 'coin_mall_chat';

function localFanout() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    emit: (d: Delivery) => emitter.emit('delivery', d),
    subscribe(listener: (d: Delivery) => void) {
      emitter.on('delivery', listener);
      return () => void emitter.off('delivery', listener);
    },
    onClose(listener: () => void) {
      emitter.on('close', listener);
      return () => void emitter.off('close', listener);
    },
    closeAll: () => emitter.emit('close'),
  };
}

export function inProcessBus(): ChatBus {
  const local = localFanout();
  return {
    ready: Promise.resolve(),
    inTransaction: async () => undefined,
    afterCommit: (d) => local.emit(d),
    subscribe: local.subscribe,
    onClose: local.onClose,
    async close() {
      local.closeAll();
    },
  };
}

/** PostgreSQL LISTEN/NOTIFY: works across any number of server processes on one database. */
export function postgresBus(connectionString: string): ChatBus {
  const local = localFanout();
  let client: pg.Client | null = null;
  let closed = false;
  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString });
    c.on('notification', (n) => {
      if (n.channel !== channel || !n.payload) return;
      try {
        local.emit(JSON.parse(n.payload) as Delivery);
      } catch {
        // a malformed payload is nobody's message
      }
    });
    c.on('error', (error) => {
      log.warn({ err: error }, 'chat: listening connection lost; reconnecting');
      client = null;
      setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    });
    await c.connect();
    await c.query(`listen ${channel}`);
    client = c;
  };
  const ready = connect();
  ready.catch((error: unknown) => log.error({ err: error }, 'chat: could not listen'));
  return {
    ready: ready.catch(() => undefined),
    async inTransaction(trx, delivery) {
      await ready.catch(() => undefined);
      // NOTIFY payloads are limited to 8000 bytes; messages are at most 1000 characters, so they fit.
      await sql`select pg_notify(${channel}, ${JSON.stringify(delivery)})`.execute(trx);
    },
    afterCommit: () => undefined,
    subscribe: local.subscribe,
    onClose: local.onClose,
    async close() {
      closed = true;
      local.closeAll();
      await ready.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}

const buses = new WeakMap<Db, ChatBus>();

/** The bus of this database: one per process and database, made on first use. */
export function chatBus(deps: Pick<Deps, 'db' | 'config'>): ChatBus {
  let bus = buses.get(deps.db);
  if (!bus) {
    bus = deps.config.databaseUrl ? postgresBus(deps.config.databaseUrl) : inProcessBus();
    buses.set(deps.db, bus);
  }
  return bus;
}

/** At shutdown, before the HTTP server closes (open streams would keep it waiting). */
export async function closeChatBus(db: Db): Promise<void> {
  const bus = buses.get(db);
  buses.delete(db);
  await bus?.close();
}
