import { checkInSummary, signList } from '../../src/api/points';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useT } from '../../src/i18n/react';
import { card, screen } from '../../src/theme/ui.css';
import * as css from './checkin.css';
import { CheckInStats } from './CheckInStats';
import { Leaderboard } from './Leaderboard';

/** /mine/signscore: points, streak, this month's check-in calendar and the check-in leaderboard. */
export default function SignScoreScreen() {
  const t = useT();
  const summary = useResource(checkInSummary);
  const calendar = useResource(() => signList());
  const s = summary.data;
  const c = calendar.data;
  // Monday-first grid: blank cells before the month's first day.
  const lead = c ? (new Date(`${c.month}-01T00:00:00Z`).getUTCDay() + 6) % 7 : 0;
  return (
    <>
      <ScreenHeader title={t('checkIn.scoreTitle')} backTo="/sign" />
      <div className={screen}>
        <CheckInStats summary={s} pointsTestId="score-points" />
        <section className={card} aria-labelledby="calendar-title">
          <h2 id="calendar-title">
            {t('checkIn.calendar')} {c?.month ?? ''}
          </h2>
          <ol className={css.calendar} data-testid="sign-calendar">
            {Array.from({ length: lead }, (_, i) => (
              <li key={`lead-${i}`} aria-hidden="true" />
            ))}
            {(c?.days ?? []).map((d) => (
              <li
                key={d.day}
                className={`${css.day} ${d.signed ? css.signedDay : ''}`}
                data-signed={d.signed ? '1' : '0'}
                data-today={d.day === c?.today ? '1' : '0'}
                aria-label={d.signed ? `${d.day} ✓ +${d.reward ?? ''}` : d.day}
              >
                {Number(d.day.slice(8))}
              </li>
            ))}
          </ol>
        </section>
        <Leaderboard board="checkIn" title={t('checkIn.leaderboard')} />
      </div>
    </>
  );
}
