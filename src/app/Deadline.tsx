import { useEffect, useState } from 'react';
import { exactTime } from '../domain/dates';
import { deadlineLevel, type DeadlineLevel } from '../domain/deadlines';
import * as css from './amounts.css';

/** The colour and weight of each level, for a line of its own (the seller centre's "23 hr left"). */
export const deadlineLevelClass: Record<DeadlineLevel, string> = { calm: css.deadlineCalm, close: css.deadlineClose, urgent: css.deadlineUrgent };
/** The same levels on the brand's banner, where colour cannot carry them. */
const onBrandClass: Record<DeadlineLevel, string> = { calm: css.deadlineCalm, close: css.onBrandClose, urgent: css.onBrandUrgent };
/** Stands in for the moment while the sentence is translated, then is replaced by the <time> element. */
const slot = '\u{E000}';

/** The level of a deadline, looked at again every minute while the screen is open. */
export function useDeadlineLevel(dueAt: string): DeadlineLevel {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return deadlineLevel(dueAt, now);
}

/**
 * The app's one deadline line (issue 37, finding 3): a translated sentence around the moment, calm while
 * there is time, in the warning colour under 6 hours, in the danger colour and weight under 1 hour or past
 * (src/domain/deadlines.ts). The moment is SPEC's exact time in its own <time> element, read left to right
 * and never broken, whatever the direction of the sentence around it.
 *
 * On the brand's banner (`onBrand`) close is heavier and urgent sits on the danger colour.
 * `sentence` gets the text to put where the moment goes, e.g. (at) => t('sellerOrders.windows.x', { at }).
 */
export function Deadline({ at, sentence, className, testId, window, onBrand }: { at: string; sentence: (at: string) => string; className?: string; testId?: string; window?: string; onBrand?: boolean }) {
  const level = useDeadlineLevel(at);
  const levelClass = onBrand ? onBrandClass[level] : deadlineLevelClass[level];
  const [before, after] = splitOnce(sentence(slot));
  return (
    <p className={`${css.deadlineLine} ${levelClass}${className ? ` ${className}` : ''}`} data-testid={testId} data-level={level} data-window={window}>
      {before}
      <time dateTime={at} dir="ltr" className={css.deadlineTime}>
        {exactTime(at) || '—'}
      </time>
      {after}
    </p>
  );
}

function splitOnce(text: string): [string, string] {
  const i = text.indexOf(slot);
  return i < 0 ? [text, ''] : [text.slice(0, i), text.slice(i + slot.length)];
}
