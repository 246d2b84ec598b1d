import { useState } from 'react';
import { usePager } from '../../src/app/catalogue/usePager';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { go, useScreenQuery } from '../../src/app/navigation';
import { useResource } from '../../src/app/useResource';
import { withdrawalDetail, withdrawalRecords } from '../../src/api/withdrawal';
import type { WithdrawalView } from '../../src/domain/types/withdrawal';
import { payoutWaitLabelKey, withdrawalStageLabelKey, withdrawalStatusLabelKey } from '../../src/domain/withdrawal';
import { useT } from '../../src/i18n/react';
import { button, card, listRow, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './withdrawal.css';
import { Icon } from '../../src/app/Icon';
import { exactTime } from '../../src/domain/dates';

const when = (iso: string | null) => exactTime(iso) || '—';

function Detail({ id }: { id: string }) {
  const t = useT();
  const { data, reload } = useResource(() => withdrawalDetail(id));
  if (!data) return <div className={skeleton} style={{ height: 200 }} aria-busy="true" />;
  const lines: [string, string, boolean?][] = [
    ['withdrawal.amount', `${data.amount} π`],
    ['withdrawal.fee', data.fee],
    ['withdrawal.address', data.walletAddress, true],
    ['withdrawal.confirmAddress', data.confirmAddress, true],
    ['withdrawal.from', data.fromAddress ?? '—', true],
    ['withdrawal.to', data.toAddress, true],
    ['withdrawal.txid', data.txid ?? '—', true],
    ['withdrawal.createdAt', when(data.createdAt)],
    [data.arrived ? 'withdrawal.arrivalAt' : 'withdrawal.estimatedAt', when(data.arrivalAt)],
  ];
  return (
    <section className={card} data-testid="withdraw-detail">
      <p className={css.status} data-testid="withdraw-detail-status" data-status={data.status}>
        {t(withdrawalStatusLabelKey(data.status))} · {t(withdrawalStageLabelKey(data.stage))}
      </p>
      {(data.rejection ?? data.failure) && <p className={css.problem}>{t('withdrawal.rejection', { reason: data.rejection ?? data.failure ?? '' })}</p>}
      {data.waiting && (
        <p role="status" className={css.warning} data-testid="withdraw-detail-waiting" data-waiting={data.waiting}>
          {t(payoutWaitLabelKey(data.waiting))}{' '}
          {data.waiting === 'walletAuthRequired' && (
            <button type="button" className={css.link} onClick={() => go('/mine/repeatauthentication')}>
              {t('payouts.reauth')}
            </button>
          )}
        </p>
      )}
      <dl>
        {lines.map(([key, value, mono]) => (
          <div key={key}>
            <dt className={muted}>{key === 'withdrawal.fee' ? t('withdrawal.fee', { fee: value }) : t(key)}</dt>
            {key !== 'withdrawal.fee' && <dd className={mono ? css.mono : undefined}>{value}</dd>}
          </div>
        ))}
      </dl>
      <button type="button" className={button({ tone: 'secondary', block: true })} onClick={reload} data-testid="withdraw-detail-refresh">
        <Icon name="refresh" /> {t('accounts.notice.refresh')}
      </button>
    </section>
  );
}

function Row({ w }: { w: WithdrawalView }) {
  const t = useT();
  return (
    <li>
      <button type="button" className={listRow} style={{ width: '100%' }} onClick={() => go(`/mine/withdrawalproduct?id=${w.id}`)} data-testid="withdraw-record">
        <span>{w.amount} π</span>
        <span className={muted}>{when(w.createdAt)}</span>
        <span className={css.status} data-status={w.status}>
          {t(withdrawalStatusLabelKey(w.status))}
        </span>
      </button>
    </li>
  );
}

const pageSize = 20;

/** The records, page after page as the list scrolls (the pager chart), with the total withdrawn. */
function Records() {
  const t = useT();
  const [total, setTotal] = useState<string | null>(null);
  const pager = usePager<WithdrawalView>(async (cursor) => {
    const page = cursor ? Number(cursor) : 1;
    const answer = await withdrawalRecords(page, pageSize);
    setTotal(answer.totalWithdrawn);
    return { list: answer.list, next: page * pageSize < answer.total ? String(page + 1) : null };
  });
  return (
    <>
      {total !== null && <p data-testid="withdraw-total">{t('withdrawal.totalWithdrawn', { amount: total })}</p>}
      {pager.state === 'end' && pager.items.length === 0 && <p className={muted}>{t('withdrawal.recordsEmpty')}</p>}
      {pager.state === 'loading' && pager.items.length === 0 && <div className={skeleton} style={{ height: 120 }} aria-busy="true" />}
      <ul className={css.list} aria-label={t('withdrawal.records')}>
        {pager.items.map((w) => (
          <Row key={w.id} w={w} />
        ))}
      </ul>
      <div ref={pager.sentinel} />
      {pager.state === 'failed' && (
        <button type="button" className={button({ tone: 'secondary', block: true })} onClick={pager.retry}>
          <Icon name="refresh" /> {t('app.retry')}
        </button>
      )}
    </>
  );
}

/** /mine/withdrawalproduct: the withdrawal records with each one's status; with ?id= one record in detail. */
export default function WithdrawalRecordsScreen() {
  const t = useT();
  const id = useScreenQuery().get('id');
  return (
    <>
      <ScreenHeader title={t(id ? 'withdrawal.detail' : 'withdrawal.records')} backTo="/mine/user/withdrawal" />
      <div className={screen}>{id ? <Detail id={id} /> : <Records />}</div>
    </>
  );
}
