import { Time } from '../../src/app/Isolate';
import { useState } from 'react';
import { reviewWithdrawal, withdrawalReviewQueue } from '../../src/api/withdrawal';
import { DecisionSheet } from '../../src/app/DecisionSheet';
import { PersonPanel } from '../../src/app/console/PersonPanel';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { parseMoney } from '../../src/domain/money';
import { firstProblem } from '../../src/domain/schemas/accounts';
import { reviewWithdrawalInput, type ReviewWithdrawalInput } from '../../src/domain/schemas/withdrawal';
import type { WithdrawalReviewItem } from '../../src/domain/types/withdrawal';
import { withdrawalStatusLabelKey } from '../../src/domain/withdrawal';
import { kycStatusLabelKey } from '../../src/domain/kyc';
import { PayoutAlert } from './PayoutAlert';
import { useLanguage, useT } from '../../src/i18n/react';
import * as desk from './desk.css';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import { shortDate } from '../../src/domain/dates';
import { Money } from '../../src/app/Money';
import { moneyText } from '../../src/app/moneyText';

/**
 * One withdrawal to review (issue 24): Approve and Reject each open a confirmation stating the amount and
 * what follows (the coins leave at once and cannot be recovered; or the amount and fee go back to the
 * person's balance with the reason they will read).
 */
function Item({ item, onDone }: { item: WithdrawalReviewItem; onDone: () => void }) {
  const t = useT();
  const language = useLanguage();
  const [reason, setReason] = useState('');
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const act = useSubmit(reviewWithdrawal, (v: ReviewWithdrawalInput) => firstProblem(reviewWithdrawalInput, v)?.key ?? null, () => {
    setOpen(null);
    showToast(t('withdrawalDecision.done'), 'success');
    onDone();
  });
  const total = parseMoney(item.amount) + parseMoney(item.fee);
  const who = [
    { label: t('withdrawalDecision.person'), value: item.username },
    { label: t('withdrawReview.amount'), value: <Money amount={item.amount} /> },
    { label: t('withdrawReview.fee'), value: <Money amount={item.fee} /> },
    { label: t('withdrawReview.address'), value: item.walletAddress, mono: true },
  ];
  return (
    <article className={`${card} ${desk.reviewItem}`} data-testid="withdrawal-review-item" data-id={item.id}>
      <div className={desk.reviewMain}>
      <strong>
        <Money amount={item.amount} /> · {item.username}
      </strong>
      <span className={muted} data-testid="withdrawal-review-kyc">
        {t('withdrawal.kycLabel', { status: t(kycStatusLabelKey(item.kyc)) })} · <Time iso={item.createdAt} />
      </span>
      <code style={{ wordBreak: 'break-all', fontSize: 12 }}>{item.walletAddress}</code>
      {item.earlier.length > 0 && (
        <details>
          <summary>{t('withdrawal.earlier')}</summary>
          <ul>
            {item.earlier.map((e) => (
              <li key={e.id}>
                <Money amount={e.amount} /> · {t(withdrawalStatusLabelKey(e.status))} · {shortDate(e.createdAt, language)}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div style={{ display: 'flex', gap: 8 }}>
        <button type="button" className={button()} onClick={() => setOpen('approve')} data-testid="withdrawal-approve">
          {t('withdrawal.approve')}
        </button>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => setOpen('reject')} data-testid="withdrawal-reject">
          {t('withdrawal.reject')}
        </button>
      </div>
      <DecisionSheet
        open={open === 'approve'}
        onOpenChange={(next) => setOpen(next ? 'approve' : null)}
        title={t('withdrawalDecision.approveTitle', { amount: moneyText(item.amount), name: item.username })}
        figures={[...who, { label: t('withdrawReview.arrivesUser'), value: <Money amount={item.amount} />, strong: true }]}
        consequence={t('withdrawalDecision.approveConsequence')}
        problem={act.problem ? t(act.problem) : null}
        confirmLabel={t('withdrawalDecision.approveConfirm', { amount: moneyText(item.amount) })}
        busy={act.submitting}
        onConfirm={() => act.submit({ id: item.id, decision: 'approve' })}
        testId="withdrawal-approve-sheet"
      />
      <DecisionSheet
        open={open === 'reject'}
        onOpenChange={(next) => setOpen(next ? 'reject' : null)}
        title={t('withdrawalDecision.rejectTitle', { amount: moneyText(item.amount), name: item.username })}
        figures={[...who, { label: t('withdrawalDecision.returned', { name: item.username }), value: <Money amount={total} />, strong: true }]}
        consequence={t('withdrawalDecision.rejectConsequence', { total: moneyText(total), name: item.username })}
        problem={act.problem ? t(act.problem) : null}
        confirmLabel={t('withdrawal.reject')}
        tone="danger"
        busy={act.submitting}
        onConfirm={() => act.submit({ id: item.id, decision: 'reject', reason })}
        testId="withdrawal-reject-sheet"
      >
        <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          {t('withdrawal.reasonLabel')}
          <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} data-testid="withdrawal-review-reason" style={{ minHeight: 44, padding: '0 8px', borderRadius: 8, border: '1px solid #8a8499', font: 'inherit' }} />
        </label>
      </DecisionSheet>
      </div>
      <PersonPanel userId={item.userId} view="withdrawal" testId="withdrawal-person" />
    </article>
  );
}

/** Console: withdrawals waiting for manual review, oldest first, with the person's KYC and earlier withdrawals. */
export default function WithdrawalReviewScreen() {
  const t = useT();
  const { state, data, reload } = useResource(withdrawalReviewQueue);
  return (
    <>
      <ScreenHeader title={t('withdrawal.consoleTitle')} backTo="/platform/console" />
      <div className={screen}>
        <PayoutAlert />
        {state === 'loading' && <div className={skeleton} style={{ height: 200 }} />}
        {state !== 'loading' && !data?.list.length && <p className={muted}>{t('withdrawal.consoleEmpty')}</p>}
        {data?.list.map((item) => <Item key={item.id} item={item} onDone={reload} />)}
      </div>
    </>
  );
}
