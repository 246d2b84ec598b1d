import type { Context } from 'hono';
import { ResponseCode, type ResponseCodeName, type ResponseCodeValue } from '../../src/domain/codes';
import { codeMessageKey } from '../../src/domain/codeMessages';
import { languageOf, translate } from './i18n';
import { SignedHeader } from '../../src/domain/signing';

/** Every answer is {code, msg, object}. BigInt never reaches JSON: money goes out as decimal strings. */
export function ok<T>(c: Context, object: T, code: ResponseCodeValue = ResponseCode.success, msg = 'success') {
  return c.json({ code, msg, object });
}

/** A refusal the caller can act on. Thrown anywhere below a route, answered by the app's error handler. */
export class ApiError extends Error {
  constructor(
    readonly codeName: ResponseCodeName,
    readonly params: Record<string, string> = {},
    readonly object: unknown = null,
    /** A locale key to use instead of the code's own message. */
    readonly messageKey?: string,
  ) {
    super(codeName);
  }
}

export function failure(c: Context, error: ApiError, status: 200 | 404 | 405 | 500 | 503 = 200) {
  const language = languageOf(c.req.header(SignedHeader.language));
  const key = error.messageKey ?? codeMessageKey[error.codeName] ?? 'errors.serverError';
  // A failure of the server is never kept by a cache (a picture's URL is cached for a year when it works).
  if (status >= 500) c.header('Cache-Control', 'no-store');
  return c.json({ code: ResponseCode[error.codeName], msg: translate(language, key, error.params), object: error.object }, status);
}

/**
 * An error nobody below a route expected (issue 34): HTTP 500, so the request log and the metrics count it as
 * the server's failure, with the SPEC body (code 5000 and its message) that clients read.
 */
export function unexpectedFailure(c: Context) {
  return failure(c, new ApiError('serverError'), 500);
}
