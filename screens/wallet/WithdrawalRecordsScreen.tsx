import { ltrText } from '../../src/app/Isolate';
import { useState } from 'react';
import { usePager } from '../../src/app/catalogue/usePager';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { go, useScreenQuery } from '../../src/app/navigation';
import { Figures, type Figure } from '../../src/app/DecisionSheet';
import { Icon } from '../../src/app/Icon';
import { useResource } from '../../src/app/useResource';
import { withdrawalDetail, withdrawalRecords } from '../../src/api/withdrawal';
import type { WithdrawalView } from '../../src/domain/types/withdrawal';
import { payoutFailureLabelKey, payoutWaitLabelKey, withdrawalStageLabelKey, withdrawalStatusLabelKey } from '../../src/domain/withdrawal';
import { useT } from '../../src/i18n/react';
import { button, card, listRow, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './withdrawal.css';
import { exactTime } from '../../src/domain/dates';
import { Money } from '../../src/app/Money';
import { moneyText } from '../../src/app/moneyText';

const when = (iso: string | null) => ltrText(exactTime(iso)) || '—';

/** The record's four steps (issue 24): submitted → review → on chain → done, from the chart's stage. */
const steps = ['submitted', 'review', 'onChain', 'done'] as const;
type Step = (typeof steps)[number];
const stageStep: Record<string, Step> = { submitted: 'review', manualReview: 'review', payingOut: 'onChain', awaitingConfirmation: 'onChain', success: 'done', failure: 'review' };

function stepStates(data: WithdrawalView): Record<Step, 'done' | 'current' | 'failed' | 'todo'> {
  // A failure after approval failed on the chain; a rejection failed at review.
  const at: Step = data.stage === 'failure' ? (data.rejection ? 'review' : 'onChain') : (stageStep[data.stage] ?? 'review');
  const index = steps.indexOf(at);
  const state = (i: number) => (i < index || data.stage === 'success' ? 'done' : i === index ? (data.stage === 'failure' ? 'failed' : 'current') : 'todo');
  return { submitted: state(0), review: state(1), onChain: state(2), done: state(3) };
}

function Detail({ id }: { id: string }) {
  const t = useT();
  const { data, state, reload } = useResource(() => withdrawalDetail(id));
  if (!data) return <div className={skeleton} style={{ height: 200 }} aria-busy="true" />;
  const states = stepStates(data);
  const lines: Figure[] = [
    { label: t('withdrawReview.amount'), value: <Money amount={data.amount} /> },
    { label: t('withdrawReview.fee'), value: <Money amount={data.fee} /> },
    { label: t('withdrawReview.address'), value: data.toAddress, mono: true, testId: 'withdraw-detail-address' }, // the address the transaction paid (issue 34)
    ...(data.fromAddress ? [{ label: t('withdrawal.from'), value: data.fromAddress, mono: true }] : []),
    ...(data.txid ? [{ label: t('withdrawal.txid'), value: data.txid, mono: true, testId: 'withdraw-detail-txid' }] : []),
    { label: t('withdrawal.createdAt'), value: when(data.createdAt) },
    ...(data.arrivalAt ? [{ label: t(data.arrived ? 'withdrawal.arrivalAt' : 'withdrawal.estimatedAt'), value: when(data.arrivalAt) }] : []),
  ];
  return (
    <section className={card} data-testid="withdraw-detail">
      <p className={css.status} data-testid="withdraw-detail-status" data-status={data.status}>
        {t(withdrawalStatusLabelKey(data.status))} · {t(withdrawalStageLabelKey(data.stage))}
      </p>
      <ol className={css.stepper} aria-label={t('withdrawalRecord.steps')} data-testid="withdraw-stepper">
        {steps.map((step) => (
          <li key={step} className={css.step} data-state={states[step]} aria-current={states[step] === 'current' ? 'step' : undefined} data-testid={`withdraw-step-${step}`}>
            <span className={css.stepDot} aria-hidden="true">
              {states[step] === 'done' ? '✓' : states[step] === 'failed' ? '!' : ''}
            </span>
            <span className={css.stepText}>
              {t(`withdrawalRecord.step.${step}`)}
              <span className={css.stepState}>{t(`withdrawalRecord.state.${states[step]}`)}</span>
            </span>
          </li>
        ))}
      </ol>
      {data.rejection && <p className={css.problem}>{t('withdrawal.rejection', { reason: data.rejection })}</p>}
      {!data.rejection && data.failure && (
        <p className={css.problem} data-testid="withdraw-detail-failure">
          {t(payoutFailureLabelKey(data.failure))}
        </p>
      )}
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
      <Figures lines={lines} />
      <button type="button" className={button({ tone: 'secondary', block: true })} onClick={reload} disabled={state === 'loading'} aria-busy={state === 'loading' || undefined} data-testid="withdraw-detail-refresh">
        <Icon name="refresh" /> {t('withdrawalRecord.refresh')}
      </button>
    </section>
  );
}

function Row({ w }: { w: WithdrawalView }) {
  const t = useT();
  return (
    <li>
      <button type="button" className={listRow} style={{ width: '100%' }} onClick={() => go(`/mine/withdrawalproduct?id=${w.id}`)} data-testid="withdraw-record">
        <Money amount={w.amount} />
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
      {total !== null && <p data-testid="withdraw-total">{t('withdrawal.totalWithdrawn', { amount: moneyText(total) })}</p>}
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
