import type { CheckInSummary } from '../../src/domain/types/points';
import { useT } from '../../src/i18n/react';
import { card, muted } from '../../src/theme/ui.css';
import * as css from './checkin.css';

/** Points, streak and days checked in, as the check-in screens show them ('–' until the summary is read). */
export function CheckInStats(props: { summary: CheckInSummary | null; pointsTestId: string; streakTestId?: string; live?: boolean }) {
  const t = useT();
  const s = props.summary;
  return (
    <section className={`${card} ${css.stats}`} aria-live={props.live ? 'polite' : undefined}>
      <div>
        <span className={css.statValue} data-testid={props.pointsTestId}>
          {s?.points ?? '–'}
        </span>
        <span className={muted}>{t('checkIn.points')}</span>
      </div>
      <div>
        <span className={css.statValue} data-testid={props.streakTestId}>
          {s?.streak ?? '–'}
        </span>
        <span className={muted}>{t('checkIn.streak', { count: Number(s?.streak ?? 0) })}</span>
      </div>
      <div>
        <span className={css.statValue}>{s?.totalDays ?? '–'}</span>
        <span className={muted}>{t('checkIn.totalDays', { days: String(s?.totalDays ?? 0) })}</span>
      </div>
    </section>
  );
}
