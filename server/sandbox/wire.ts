import type { Context } from 'hono';
import { BodyLimits } from '../../src/domain/abuseLimits';
import { jsonNestingExceeds } from '../../src/domain/schemas/limits';
import { quoteAmounts, unquoteAmounts } from '../platform/client';
import { SandboxError } from './errors';

/**
 * Reads a JSON body. Amounts sent as JSON numbers (the platform's wire) are read from the raw text as
 * decimal strings, so no amount is ever a float here. An empty body reads as `{}` when `emptyIsObject`.
 */
export async function readJson(c: Context, options: { emptyIsObject?: boolean } = {}): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') {
    if (options.emptyIsObject) return {};
    throw new SandboxError(400, 'invalid_request', 'the request needs a JSON body');
  }
  if (jsonNestingExceeds(text, BodyLimits.jsonDepth)) throw new SandboxError(400, 'invalid_request', 'the body is nested too deeply');
  try {
    return JSON.parse(quoteAmounts(text)) as unknown;
  } catch {
    throw new SandboxError(400, 'invalid_request', 'the body is not valid JSON');
  }
}

/** Answers JSON the way the real platform does: every "amount" as a JSON number with its exact digits. */
export function platformJson(c: Context, value: unknown, status: 200 | 201 = 200) {
  return c.body(unquoteAmounts(JSON.stringify(value)), status, { 'Content-Type': 'application/json; charset=UTF-8' });
}

export function originOf(c: Context): string {
  return new URL(c.req.url).origin;
}
