import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (issue 28), served by `GET /metrics` behind `METRICS_TOKEN`.
 * One registry per process: every part of the server counts into it by importing what it needs from here.
 * Values that live in the database or in a pool (pool use, timer backlog, payouts) are read when scraped,
 * from the sources a running server adds (`addMetricsSource`).
 */
export const metricsRegistry = new Registry();

// Process memory, CPU, handles, garbage collection and event-loop lag (nodejs_eventloop_lag_*).
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });

export const httpRequests = new Counter({
  name: 'coin_mall_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'code'] as const,
  registers: [metricsRegistry],
});

export const httpDuration = new Histogram({
  name: 'coin_mall_http_request_duration_seconds',
  help: 'Time to the response headers, by method, route pattern and status code',
  labelNames: ['method', 'route', 'code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Requests refused by a rate limit (429 or a limit's code). `limit` names the limit, e.g. 'address' or 'chatMessages'. */
export const rateLimitRefusals = new Counter({
  name: 'coin_mall_rate_limit_refusals_total',
  help: 'Requests refused by a rate limit, by limit',
  labelNames: ['limit'] as const,
  registers: [metricsRegistry],
});

export const backgroundJobs = new Counter({
  name: 'coin_mall_background_jobs_total',
  help: 'Background job runs (timers, payouts, reconciliation), by job and outcome',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Failed calls that left the process (issue 34), by target (platform, horizon, s3, smtp) and kind (server/observability/outside.ts). */
export const outsideFailures = new Counter({
  name: 'coin_mall_outside_failures_total',
  help: 'Failed calls to an outside service, by target (platform, horizon, s3, smtp) and kind (timeout, unreachable, unauthorized, http_4xx, http_5xx, bad_answer)',
  labelNames: ['target', 'kind'] as const,
  registers: [metricsRegistry],
});

export const timersFired = new Counter({
  name: 'coin_mall_timers_fired_total',
  help: 'Durable timers fired by this process',
  registers: [metricsRegistry],
});

/**
 * Chart steps this process wrote (issue 35), by chart, transition (from>event>to: the charts' own names, a
 * bounded set) and party; no record ids. Counted when the step's statement succeeded: a step whose
 * transaction then rolls back is counted too (rare; the per-state gauge and the gallery read the database).
 */
export const chartStepsWritten = new Counter({
  name: 'coin_mall_chart_steps_total',
  help: 'Chart steps written by this process, by chart, transition (from>event>to) and party',
  labelNames: ['chart', 'transition', 'party'] as const,
  registers: [metricsRegistry],
});

/** What a running server lets the scrape read: its pools, and its database for the backlog figures. */
export interface MetricsSource {
  pools(): { name: string; total: number; idle: number; waiting: number }[];
  /** Due timers not fired yet and the age of the oldest, in seconds. */
  timerBacklog(): Promise<{ due: number; lagSeconds: number }>;
  /** Payouts queued (decided, not yet submitted to the platform) and in flight (submitted, not finished). */
  payouts(): Promise<{ queued: number; inFlight: number }>;
  /** SSE streams open in this process. */
  liveStreams(): number;
  /** Records per state of each server chart now (the maintained per-state counters, issue 35). */
  chartStates(): Promise<{ chart: string; state: string; records: number }[]>;
  /** Stuck records of each server chart (past a timer's deadline or far past the usual time), at most 1000 a state. */
  chartStuck(): Promise<{ chart: string; records: number }[]>;
}

const sources = new Set<MetricsSource>();

/** Adds a running server's source; answers the function that removes it (at close). */
export function addMetricsSource(source: MetricsSource): () => void {
  sources.add(source);
  return () => void sources.delete(source);
}

new Gauge({
  name: 'coin_mall_db_pool_connections',
  help: 'Database pool connections by pool and state (total, idle, in use) and requests waiting for one',
  labelNames: ['pool', 'state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const source of sources) {
      for (const p of source.pools()) {
        this.inc({ pool: p.name, state: 'total' }, p.total);
        this.inc({ pool: p.name, state: 'idle' }, p.idle);
        this.inc({ pool: p.name, state: 'in_use' }, p.total - p.idle);
        this.inc({ pool: p.name, state: 'waiting' }, p.waiting);
      }
    }
  },
});

// Backlog figures are the database's, the same seen from any process: the first source answers them.
const first = () => sources.values().next().value as MetricsSource | undefined;

const timersLag = new Gauge({
  name: 'coin_mall_timers_lag_seconds',
  help: 'How long the oldest due timer has been waiting (0 when none is due)',
  registers: [],
});

// Registered before the lag so that one read of the backlog sets both.
new Gauge({
  name: 'coin_mall_timers_due',
  help: 'Durable timers due and not fired yet (the backlog)',
  registers: [metricsRegistry],
  async collect() {
    const source = first();
    if (!source) return;
    const backlog = await source.timerBacklog().catch(() => ({ due: Number.NaN, lagSeconds: Number.NaN }));
    this.set(backlog.due);
    timersLag.set(backlog.lagSeconds);
  },
});
metricsRegistry.registerMetric(timersLag);

new Gauge({
  name: 'coin_mall_payouts',
  help: 'Withdrawal payouts queued (approved, not yet submitted) and in flight (submitted, not finished)',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  async collect() {
    const source = first();
    if (!source) return;
    const p = await source.payouts().catch(() => ({ queued: Number.NaN, inFlight: Number.NaN }));
    this.set({ state: 'queued' }, p.queued);
    this.set({ state: 'in_flight' }, p.inFlight);
  },
});

new Gauge({
  name: 'coin_mall_chart_records',
  help: 'Records of each server chart in each state now (read from the database when scraped)',
  labelNames: ['chart', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    const source = first();
    if (!source) return;
    this.reset();
    for (const row of await source.chartStates().catch(() => [])) this.set({ chart: row.chart, state: row.state }, row.records);
  },
});

new Gauge({
  name: 'coin_mall_chart_records_stuck',
  help: 'Records of each server chart waiting past their state timer deadline or far past the usual time (read when scraped)',
  labelNames: ['chart'] as const,
  registers: [metricsRegistry],
  async collect() {
    const source = first();
    if (!source) return;
    this.reset();
    for (const row of await source.chartStuck().catch(() => [])) this.set({ chart: row.chart }, row.records);
  },
});

new Gauge({
  name: 'coin_mall_live_streams_open',
  help: 'Server-Sent Events streams open in this process',
  registers: [metricsRegistry],
  collect() {
    let open = 0;
    for (const source of sources) open += source.liveStreams();
    this.set(open);
  },
});

/** Lost LISTEN connections made again (issue 34), by listener ('chat', 'live', 'catalogue'): server/db/listener.ts. */
export const listenerReconnections = new Counter({
  name: 'coin_mall_db_listener_reconnections_total',
  help: 'Dedicated PostgreSQL LISTEN connections lost and made again, by listener',
  labelNames: ['listener'] as const,
  registers: [metricsRegistry],
});

let listenerStatesOf: () => Map<string, boolean> = () => new Map();

/** server/db/listener.ts hands in how to read its listeners' states (it imports this file, not the reverse). */
export function setListenerStates(read: () => Map<string, boolean>): void {
  listenerStatesOf = read;
}

new Gauge({
  name: 'coin_mall_db_listener_up',
  help: 'Whether the LISTEN connections of a listener are in place in this process (1) or being made again (0)',
  labelNames: ['listener'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [listener, up] of listenerStatesOf()) this.set({ listener }, up ? 1 : 0);
  },
});
