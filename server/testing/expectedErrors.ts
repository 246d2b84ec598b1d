import { vi } from 'vitest';
import { log } from '../observability/log';

/**
 * The product's error lines while a test provokes a fault on purpose (a store that hangs, a wallet seed
 * without an account): kept for the test to check instead of printed, so that a passing run prints no
 * error line (issue 36). `lines()` answers each line's fields and message; `stop()` lets lines print again
 * (vi.restoreAllMocks does too).
 */
export function expectedErrors(): { lines(): { fields: Record<string, unknown>; msg: string }[]; stop(): void } {
  const spy = vi.spyOn(log, 'error').mockImplementation(() => undefined);
  return {
    lines: () =>
      spy.mock.calls.map((call) => {
        const [first, second] = call as unknown[];
        const fields = typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : {};
        return { fields, msg: typeof first === 'string' ? first : typeof second === 'string' ? second : '' };
      }),
    stop: () => spy.mockRestore(),
  };
}
