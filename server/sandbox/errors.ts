import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { controlCharacterPath } from '../../src/domain/schemas/limits';

export type SandboxStatus = 400 | 401 | 404 | 409 | 413;

/**
 * A refusal of the simulated platform, answered the way the real one answers: a 4xx status and
 * `{error, error_message}`. Thrown anywhere below a sandbox route, answered by the sandbox's error handler.
 */
export class SandboxError extends Error {
  constructor(
    readonly status: SandboxStatus,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

export function answerError(c: Context, e: SandboxError) {
  return c.json({ error: e.error, error_message: e.message }, e.status);
}

/** The first problem zod found, in words a developer can act on: "amount: must be a positive amount…". */
export function describeIssues(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid request body';
  const field = issue.path.map(String).join('.') || 'body';
  if (issue.code === 'unrecognized_keys') return `unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
  // The same words whichever zod locale the process loaded (zod/mini has none; loading full zod anywhere sets
  // the English one process-wide, which rewrote "expected string" as "Invalid input: expected string, …").
  if (issue.code === 'invalid_type') return `${field}: expected ${issue.expected}`;
  // A schema's own message is kept; zod's English locale words ("Invalid option: …", "Too small: …") are not.
  if (issue.message && !/^(Invalid (input|option)|Too (small|big))\b/.test(issue.message)) return `${field}: ${issue.message}`;
  switch (issue.code) {
    case 'too_small':
      return `${field}: too short or too small (minimum ${String(issue.minimum)})`;
    case 'too_big':
      return `${field}: too long or too large (maximum ${String(issue.maximum)})`;
    case 'invalid_value':
      return `${field}: expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${field}: invalid (${issue.code})`;
  }
}

/** Validates a parsed JSON value; a value that breaks the schema is a 400 `invalid_request`. */
export function validate<S extends z.ZodMiniType>(schema: S, value: unknown): z.infer<S> {
  const controlAt = controlCharacterPath(value);
  if (controlAt !== null) throw new SandboxError(400, 'invalid_request', `${controlAt}: must not contain control characters`);
  const result = schema.safeParse(value);
  if (!result.success) throw new SandboxError(400, 'invalid_request', describeIssues(result.error));
  return result.data as z.infer<S>;
}
