/**
 * How loudly a deadline speaks (issue 37, finding 3: every deadline was bold red a day ahead). Calm while
 * there is time, close under 6 hours (warning colour), urgent under 1 hour or past (danger colour and weight).
 * The one rule for every screen that shows a deadline: seller centre, orders, after-sales.
 */
export type DeadlineLevel = 'calm' | 'close' | 'urgent';

export const deadlineCloseMs = 6 * 60 * 60 * 1000;
export const deadlineUrgentMs = 60 * 60 * 1000;

/** The level of a deadline at `now` (ms since the epoch); an unreadable date stays calm. */
export function deadlineLevel(dueAt: string, now: number = Date.now()): DeadlineLevel {
  const due = new Date(dueAt).getTime();
  if (Number.isNaN(due)) return 'calm';
  const left = due - now;
  if (left < deadlineUrgentMs) return 'urgent';
  if (left < deadlineCloseMs) return 'close';
  return 'calm';
}
