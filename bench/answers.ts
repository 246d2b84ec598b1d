import { isSuccess } from '../src/domain/codes';

/**
 * The API's own verdict on each answer under load. A refusal is an HTTP 200 with a code (SPEC 8), so
 * autocannon's status counts cannot tell a page from a "please log in again": every load bench counts
 * the answers whose code is not a success, and which codes they were.
 */
export interface AnswerTally {
  /** For autocannon's `onResponse` of each request. */
  onResponse(status: number, body: string): void;
  /** Answers with a success code. */
  readonly succeeded: number;
  /** Answers with any other code (or no code at all). */
  readonly refused: number;
  /** "1007 ×3, 2001 ×1", or "none". */
  codes(): string;
}

const codePattern = /"code"\s*:\s*"([^"]*)"/;
const msgPattern = /"msg"\s*:\s*"([^"]*)"/;

export function answerTally(): AnswerTally {
  const refusedCodes = new Map<string, number>();
  let succeeded = 0;
  let refused = 0;
  return {
    onResponse(status, body) {
      const code = codePattern.exec(body.slice(0, 400))?.[1];
      if (status < 300 && code !== undefined && isSuccess(code, msgPattern.exec(body.slice(0, 400))?.[1] ?? '')) {
        succeeded += 1;
        return;
      }
      refused += 1;
      const key = code ?? `HTTP ${status}`;
      refusedCodes.set(key, (refusedCodes.get(key) ?? 0) + 1);
    },
    get succeeded() {
      return succeeded;
    },
    get refused() {
      return refused;
    },
    codes() {
      return refusedCodes.size ? [...refusedCodes].map(([code, n]) => `${code} ×${n}`).join(', ') : 'none';
    },
  };
}
