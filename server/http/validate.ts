import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { BodyLimits } from '../../src/domain/abuseLimits';
import { controlCharacterPath, jsonNestingExceeds, LimitMessages } from '../../src/domain/schemas/limits';
import { ApiError } from './envelope';

/** A schema message that is one of the shared limits' locale keys is answered in those words. */
const limitKeys: ReadonlySet<string> = new Set(Object.values(LimitMessages));

/** Describes the first problem zod found, in words a developer calling the API can act on. */
function describe(error: z.core.$ZodError): { field: string; detail: string } {
  const issue = error.issues[0];
  if (!issue) return { field: 'request', detail: 'invalid' };
  if (issue.code === 'unrecognized_keys') return { field: issue.keys.join(', '), detail: 'unknown field' };
  if (issue.code === 'invalid_union') {
    const inner = issue.errors.flat()[0];
    if (inner) return { field: inner.path.join('.') || 'request', detail: inner.code === 'unrecognized_keys' ? 'unknown field' : inner.code };
  }
  const field = issue.path.map(String).join('.') || 'request';
  const detail = issue.code === 'invalid_type' ? `expected ${issue.expected}` : issue.message || issue.code;
  return { field, detail };
}

/**
 * Every body and query of the API passes here. A control character anywhere (PostgreSQL refuses NUL in
 * text) is refused before the schema, whatever the schema says of that field: 4001 naming the field.
 */
export function parseWith<S extends z.ZodMiniType>(schema: S, value: unknown): z.infer<S> {
  const controlAt = controlCharacterPath(value);
  if (controlAt !== null) {
    throw new ApiError('invalidField', { field: controlAt, detail: 'control character' }, { field: controlAt }, LimitMessages.controlCharacters);
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const problem = describe(result.error);
    const message = result.error.issues[0]?.message ?? '';
    if (limitKeys.has(message)) throw new ApiError('invalidField', problem, { field: problem.field }, message);
    throw new ApiError('invalidField', problem);
  }
  return result.data as z.infer<S>;
}

/**
 * Parses a JSON text: nesting deeper than BodyLimits.jsonDepth is 4000 before anything else (one pass
 * over the text, no recursion), and so is malformed JSON.
 */
export function parseJsonText(text: string): unknown {
  if (jsonNestingExceeds(text, BodyLimits.jsonDepth)) throw new ApiError('malformedRequest', { detail: `nested deeper than ${BodyLimits.jsonDepth} levels` });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('malformedRequest', { detail: 'the body is not valid JSON' });
  }
}

/** Reads a JSON body: a missing or malformed body is 4000, a body that breaks the schema 4001. */
export async function jsonBody<S extends z.ZodMiniType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('application/json')) {
    throw new ApiError('malformedRequest', { detail: 'expected Content-Type application/json' });
  }
  return parseWith(schema, parseJsonText(await c.req.text()));
}

/** Reads a form-encoded body (the start-withdrawal call of SPEC 7). */
export async function formBody<S extends z.ZodMiniType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data')) {
    throw new ApiError('malformedRequest', { detail: 'expected a form-encoded body' });
  }
  // A body that says multipart but is not (or any form that cannot be read) is the caller's fault: 4000.
  const form = await c.req.parseBody().catch(() => {
    throw new ApiError('malformedRequest', { detail: 'the form could not be read' });
  });
  return parseWith(schema, form);
}

export function queryOf<S extends z.ZodMiniType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}
