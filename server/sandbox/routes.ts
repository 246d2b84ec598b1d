import { Hono } from 'hono';
import type { Deps } from '../deps';
import type { AppEnv } from '../http/env';

/** Placeholder until the sandbox platform lands (being written now). */
export function sandboxRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
