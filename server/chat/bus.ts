import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { StreamEvent } from '../../src/domain/types/customerService';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import type { Trx } from '../timers/timers';
import { startListener } from '../db/listener';

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
 * Nothing is lost if a notification is: the stream's position lets a client replay from the table, and
 * when the listening connection was lost and made again the open streams replay it themselves (issue 34).
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
  /**
   * After the listening connection was lost and made again: deliveries notified meanwhile reached nobody
   * here, so each open stream replays the messages stored after its position.
   */
  onResync(listener: () => void): () => void;
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
    onResync(listener: () => void) {
      emitter.on('resync', listener);
      return () => void emitter.off('resync', listener);
    },
    resync: () => emitter.emit('resync'),
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
    onResync: local.onResync,
    async close() {
      local.closeAll();
    },
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY: works across any number of server processes on one database. The listening
 * connection heals (server/db/listener.ts); once it listens again every open stream is told to replay
 * from the table what was notified while nobody listened (`onResync`).
 */
export function postgresBus(connectionString: string, owner: object): ChatBus {
  const local = localFanout();
  const listener = startListener({
    name: 'chat',
    connectionString,
    channel,
    owner,
    onNotification(payload) {
      if (!payload) return;
      try {
        local.emit(JSON.parse(payload) as Delivery);
      } catch {
        // a malformed payload is nobody's message
      }
    },
    onReconnect: () => local.resync(),
  });
  return {
    ready: listener.ready,
    async inTransaction(trx, delivery) {
      // NOTIFY payloads are limited to 8000 bytes; messages are at most 1000 characters, so they fit.
      await sql`select pg_notify(${channel}, ${JSON.stringify(delivery)})`.execute(trx);
    },
    afterCommit: () => undefined,
    subscribe: local.subscribe,
    onClose: local.onClose,
    onResync: local.onResync,
    async close() {
      local.closeAll();
      await listener.close();
    },
  };
}

const buses = new WeakMap<Db, ChatBus>();

/** The bus of this database: one per process and database, made on first use. */
export function chatBus(deps: Pick<Deps, 'db' | 'config'>): ChatBus {
  let bus = buses.get(deps.db);
  if (!bus) {
    bus = deps.config.databaseUrl ? postgresBus(deps.config.databaseUrl, deps.db) : inProcessBus();
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
