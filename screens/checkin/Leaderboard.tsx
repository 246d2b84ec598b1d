import { useEffect, useState } from 'react';
import { leaderboard } from '../../src/api/points';
import { useResource } from '../../src/app/useResource';
import { LeaderboardPeriods, type BoardName, type LeaderboardPeriod } from '../../src/domain/points';
import { useT } from '../../src/i18n/react';
import { button, card, muted } from '../../src/theme/ui.css';
import * as css from './checkin.css';

/** A leaderboard (day, month, total) with ranks that tie, paged. */
export function Leaderboard({ board, title }: { board: BoardName; title: string }) {
  const t = useT();
  const [period, setPeriod] = useState<LeaderboardPeriod>('day');
  const [page, setPage] = useState(1);
  const data = useResource(() => leaderboard(board, period, page));
  useEffect(() => data.reload(), [period, page]);
  const rows = data.data?.rows ?? [];
  return (
    <section className={card} aria-labelledby={`${board}-board`} data-testid={`leaderboard-${board}`}>
      <h2 id={`${board}-board`}>{title}</h2>
      <div className={css.tabs} role="tablist">
        {LeaderboardPeriods.map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            aria-selected={p === period}
            className={button({ tone: p === period ? 'primary' : 'secondary' })}
            onClick={() => {
              setPeriod(p);
              setPage(1);
            }}
            data-testid={`period-${p}`}
          >
            {t(`ambassador.periods.${p}`)}
          </button>
        ))}
      </div>
      {data.data?.mine ? (
        <p data-testid="my-rank">
          {t('ambassador.rank')}: {data.data.mine.rank} · {data.data.mine.score}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className={muted}>{data.state === 'loading' ? '…' : t('ambassador.empty')}</p>
      ) : (
        <table className={css.table} data-testid="leaderboard-rows" data-period={period}>
          <thead>
            <tr>
              <th className={css.cell}>{t('ambassador.rank')}</th>
              <th className={css.cell}>{t('ambassador.name')}</th>
              <th className={css.cell}>{t('checkIn.points')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.rank}-${r.nickname}`} className={r.me ? css.me : undefined}>
                <td className={css.cell}>{r.rank}</td>
                <td className={css.cell}>{r.nickname}</td>
                <td className={css.cell}>{r.score}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data.data?.hasMore ? (
        <button type="button" className={button({ tone: 'ghost' })} onClick={() => setPage(page + 1)}>
          {t('ambassador.more')}
        </button>
      ) : null}
    </section>
  );
}
