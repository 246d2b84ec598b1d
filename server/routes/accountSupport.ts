import type { Context } from 'hono';
import * as z from 'zod/mini';
import { firstProblem } from '../../src/domain/schemas/accounts';
import { ApiError } from '../http/envelope';
import { jsonBody, parseWith, queryOf } from '../http/validate';

/**
 * Reads a JSON body against one of the account schemas. A rule with a message of its own (the
 * schemas' messages are locale keys: "Password not match", "Do not fill a mnemonic", …) answers 4001
 * with that message; any other problem answers 4001 naming the field.
 */
export async function accountBody<S extends z.ZodMiniType>(c: Context, schema: S): Promise<z.infer<S>> {
  const value = await jsonBody(c, z.unknown());
  return checked(schema, value);
}

export function accountQuery<S extends z.ZodMiniType>(c: Context, schema: S): z.infer<S> {
  return checked(schema, c.req.query());
}

function checked<S extends z.ZodMiniType>(schema: S, value: unknown): z.infer<S> {
  const problem = firstProblem(schema, value);
  if (problem && problem.key !== 'accounts.errors.invalid') throw new ApiError('invalidField', { field: problem.field, detail: problem.key }, { field: problem.field }, problem.key);
  return parseWith(schema, value);
}

export { queryOf };
