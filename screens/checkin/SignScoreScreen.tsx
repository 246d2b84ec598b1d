import { checkInSummary, signList } from '../../src/api/points';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useLanguage, useT } from '../../src/i18n/react';
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
  const language = useLanguage();
  // Monday-first grid: blank cells before the month's first day.
  const lead = c ? (new Date(`${c.month}-01T00:00:00Z`).getUTCDay() + 6) % 7 : 0;
  // The month and the weekdays in the reader's language (issue 24: "2026-11" and no weekday headers).
  const monthTitle = c ? new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${c.month}-01T00:00:00Z`)) : '';
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  const weekdays = Array.from({ length: 7 }, (_, i) => weekday.format(new Date(Date.UTC(2024, 0, 1 + i)))); // 2024-01-01 was a Monday
  const fullDate = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <>
      <ScreenHeader title={t('checkIn.scoreTitle')} backTo="/sign" />
      <div className={screen}>
        <CheckInStats summary={s} pointsTestId="score-points" />
        <section className={card} aria-labelledby="calendar-title">
          <h2 id="calendar-title" data-testid="sign-calendar-month">
            {t('checkIn.calendar')} · {monthTitle}
          </h2>
          <div className={css.calendar} aria-hidden="true" data-testid="sign-calendar-weekdays">
            {weekdays.map((w) => (
              <span key={w} className={css.weekday}>
                {w}
              </span>
            ))}
          </div>
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
                aria-label={d.signed ? t('checkInDesk.daySigned', { date: fullDate.format(new Date(`${d.day}T00:00:00Z`)), reward: d.reward ?? '' }) : fullDate.format(new Date(`${d.day}T00:00:00Z`))}
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
