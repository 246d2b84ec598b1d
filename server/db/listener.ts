import pg from 'pg';
import { log } from '../observability/log';
import { listenerReconnections, setListenerStates } from '../observability/metrics';

/**
 * One dedicated PostgreSQL connection that LISTENs on a channel and heals (issue 34): the chat bus, the
 * live hub and the catalogue cache each hold one. When the connection is lost (a database restart, a
 * failover, a cut network), it is made again with backoff (0.2 s doubling to 5 s, with jitter), forever,
 * until closed; once the LISTEN is in place again `onReconnect` runs, so the owner can replay from its
 * table what was notified while nobody listened (a NOTIFY reaches only the connections listening at commit).
 *
 * Every step leaving the process is bounded: the connect, the LISTEN and a probe every 10 s (`select 1`),
 * which finds a connection that died silently (no reset reached us) and makes it again. The helper counts
 * reconnections in the metrics, and `listenersDown(owner)` tells readiness whether any is down.
 */
export interface Listener {
  /** Resolves the first time the LISTEN is in place (or at close); never rejects. */
  readonly ready: Promise<void>;
  readonly up: boolean;
  /** Runs a statement on the listening connection (e.g. a NOTIFY); rejects while it is down. */
  query(text: string, values?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

export interface ListenerOptions {
  /** For logs and metrics: 'chat', 'live', 'catalogue'. */
  name: string;
  connectionString: string;
  channel: string;
  /** What readiness asks about: the database handle of the server process that owns the listener. */
  owner: object;
  onNotification(payload: string): void;
  /** After a lost connection was made again (not after the first connect). */
  onReconnect?(): void;
}

export interface ListenerTimings {
  firstRetryMs: number;
  maxRetryMs: number;
  connectTimeoutMs: number;
  probeMs: number;
}

const defaults: ListenerTimings = { firstRetryMs: 200, maxRetryMs: 5000, connectTimeoutMs: 5000, probeMs: 10_000 };
let timings: ListenerTimings = { ...defaults };

/** For the tests: a slower first retry leaves a window in which a listener is certainly down. */
export function setListenerTimings(next: Partial<ListenerTimings> | null): void {
  timings = next ? { ...defaults, ...next } : { ...defaults };
}

interface Entry {
  name: string;
  owner: object;
  up(): boolean;
}

const entries = new Set<Entry>();

/** The names of the listeners of this owner (a server's database) that are down now; empty when all listen. */
export function listenersDown(owner: object): string[] {
  const down: string[] = [];
  for (const e of entries) if (e.owner === owner && !e.up()) down.push(e.name);
  return down;
}

/** For the metrics: each listener name, and whether every listener of that name in this process is up. */
export function listenerStates(): Map<string, boolean> {
  const states = new Map<string, boolean>();
  for (const e of entries) states.set(e.name, (states.get(e.name) ?? true) && e.up());
  return states;
}

setListenerStates(listenerStates);

const identifier = /^[a-z_][a-z0-9_]*$/;

export function startListener(options: ListenerOptions): Listener {
  if (!identifier.test(options.channel)) throw new Error(`listener: bad channel name ${options.channel}`);
  let client: pg.Client | null = null;
  let closed = false;
  let connecting = false;
  let everUp = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;
  let probe: NodeJS.Timeout | null = null;
  let markReady = () => undefined as void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const entry: Entry = { name: options.name, owner: options.owner, up: () => client !== null };
  entries.add(entry);

  const schedule = () => {
    if (closed || retry) return;
    const base = Math.min(timings.maxRetryMs, timings.firstRetryMs * 2 ** Math.min(failures, 16));
    failures += 1;
    const wait = Math.round(base * (0.75 + Math.random() * 0.5));
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, wait);
    retry.unref();
  };

  const lost = (c: pg.Client, error: unknown) => {
    if (client === c) {
      client = null;
      log.warn({ err: error, listener: options.name }, 'listener: connection lost; reconnecting');
    }
    c.removeAllListeners('notification');
    void c.end().catch(() => undefined);
    schedule();
  };

  const connect = async () => {
    if (closed || connecting || client) return;
    connecting = true;
    const c = new pg.Client({ connectionString: options.connectionString, connectionTimeoutMillis: timings.connectTimeoutMs, query_timeout: timings.connectTimeoutMs, keepAlive: true, application_name: `coin_mall_listen_${options.name}` });
    let failed = false;
    c.on('error', (error) => {
      failed = true;
      lost(c, error);
    });
    c.on('end', () => {
      if (client === c) lost(c, new Error('connection ended'));
    });
    c.on('notification', (n) => {
      if (n.channel === options.channel) options.onNotification(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`listen ${options.channel}`);
      if (closed || failed) {
        await c.end().catch(() => undefined);
        return;
      }
      client = c;
      failures = 0;
      if (everUp) {
        listenerReconnections.inc({ listener: options.name });
        log.info({ listener: options.name }, 'listener: listening again');
        options.onReconnect?.();
      }
      everUp = true;
      markReady();
    } catch (error) {
      if (!failed) {
        // One warning when it was lost; the retries that follow are counted, not shouted.
        if (failures <= 1) log.warn({ err: error, listener: options.name }, 'listener: could not listen; retrying');
        else log.debug({ err: error, listener: options.name, failures }, 'listener: still not listening; retrying');
        c.removeAllListeners('notification');
        void c.end().catch(() => undefined);
        schedule();
      }
    } finally {
      connecting = false;
    }
  };

  probe = setInterval(() => {
    const c = client;
    if (!c) return;
    // query_timeout bounds it: a connection that died without a reset fails here and is made again.
    c.query('select 1').catch((error: unknown) => lost(c, error));
  }, timings.probeMs);
  probe.unref();

  void connect();

  return {
    ready,
    get up() {
      return client !== null;
    },
    async query(text, values) {
      if (!client) throw new Error(`listener ${options.name} is down`);
      await client.query(text, values);
    },
    async close() {
      closed = true;
      entries.delete(entry);
      if (retry) clearTimeout(retry);
      if (probe) clearInterval(probe);
      markReady();
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
