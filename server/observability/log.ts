import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * The server's one logger (issue 28): JSON lines on standard output (pino), one per request
 * (server/observability/requests.ts) and per background job, with `LOG_LEVEL` (default info; warn inside
 * the test runner, whose own output is the point there). On a terminal the lines are made readable by
 * pino-pretty when it is installed (a development dependency; `LOG_PRETTY=0` keeps JSON).
 *
 * What may be logged: request ids, routes, paths (never query strings: stream tickets and media signatures
 * live there), statuses, durations, user ids, job names and counts, error messages. Never bodies or headers.
 * Fields that carry secrets are redacted anyway, in case a caller logs an object carelessly.
 */
const secretKeys = [
  'password',
  'paymentPassword',
  'newPassword',
  'oldPassword',
  'token',
  'accessToken',
  'secret',
  'sessionSecret',
  'auth',
  'authorization',
  'cookie',
  'code',
  'emailCode',
  'seed',
  'walletSeed',
  'mnemonic',
  'privateKey',
  'apiKey',
  'ticket',
  'sig',
];

function prettyOnTerminal(): DestinationStream | undefined {
  if (!process.stdout.isTTY || process.env.LOG_PRETTY === '0') return undefined;
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return undefined;
  }
  return pino.transport({ target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } }) as DestinationStream;
}

function defaultLevel(): string {
  const level = process.env.LOG_LEVEL;
  if (level && Object.keys(pino.levels.values).concat('silent').includes(level)) return level;
  return process.env.VITEST ? 'warn' : 'info';
}

export const log: Logger = pino(
  {
    level: defaultLevel(),
    base: { pid: process.pid },
    redact: { paths: secretKeys.flatMap((k) => [k, `*.${k}`]), censor: '[redacted]' },
    serializers: { err: pino.stdSerializers.err },
  },
  prettyOnTerminal(),
);

/** Logs one run of a background job: info when it did something or failed, debug when there was nothing to do. */
export function logJob(job: string, fields: Record<string, unknown> & { ms: number; count?: number }, error?: unknown): void {
  if (error !== undefined) log.error({ job, ...fields, err: error }, `${job} failed`);
  else if (fields.count === undefined || fields.count > 0) log.info({ job, ...fields }, job);
  else log.debug({ job, ...fields }, job);
}
