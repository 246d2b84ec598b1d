import { useState } from 'react';
import { reviewWithdrawal, withdrawalReviewQueue } from '../../src/api/withdrawal';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { firstProblem } from '../../src/domain/schemas/accounts';
import { reviewWithdrawalInput, type ReviewWithdrawalInput } from '../../src/domain/schemas/withdrawal';
import type { WithdrawalReviewItem } from '../../src/domain/types/withdrawal';
import { withdrawalStatusLabelKey } from '../../src/domain/withdrawal';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';

function Item({ item, onDone }: { item: WithdrawalReviewItem; onDone: () => void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const act = useSubmit(reviewWithdrawal, (v: ReviewWithdrawalInput) => firstProblem(reviewWithdrawalInput, v)?.key ?? null, onDone);
  return (
    <article className={card} data-testid="withdrawal-review-item" data-id={item.id} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <strong>
        {item.amount} π · {item.username}
      </strong>
      <span className={muted} data-testid="withdrawal-review-kyc">
        {t('withdrawal.kycLabel', { status: t(`withdrawal.kyc.${item.kyc}`) })} · {new Date(item.createdAt).toLocaleString()}
      </span>
      <code style={{ wordBreak: 'break-all', fontSize: 12 }}>{item.walletAddress}</code>
      {item.earlier.length > 0 && (
        <details>
          <summary>{t('withdrawal.earlier')}</summary>
          <ul>
            {item.earlier.map((e) => (
              <li key={e.id}>
                {e.amount} π · {t(withdrawalStatusLabelKey(e.status))} · {new Date(e.createdAt).toLocaleDateString()}
              </li>
            ))}
          </ul>
        </details>
      )}
      <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        {t('withdrawal.reasonLabel')}
        <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} data-testid="withdrawal-review-reason" style={{ minHeight: 40, padding: '0 8px', borderRadius: 8, border: '1px solid #ccc', font: 'inherit' }} />
      </label>
      {act.problem && (
        <p role="alert" style={{ color: '#d92d20', margin: 0 }}>
          {t(act.problem)}
        </p>
      )}
      <div style={{ display: 'flex', gap: 8 }}>
        <button type="button" className={button()} disabled={act.submitting} onClick={() => act.submit({ id: item.id, decision: 'approve' })} data-testid="withdrawal-approve">
          {t('withdrawal.approve')}
        </button>
        <button type="button" className={button({ tone: 'danger' })} disabled={act.submitting} onClick={() => act.submit({ id: item.id, decision: 'reject', reason })} data-testid="withdrawal-reject">
          {t('withdrawal.reject')}
        </button>
      </div>
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
        {state === 'loading' && <div className={skeleton} style={{ height: 200 }} />}
        {state !== 'loading' && !data?.list.length && <p className={muted}>{t('withdrawal.consoleEmpty')}</p>}
        {data?.list.map((item) => <Item key={item.id} item={item} onDone={reload} />)}
      </div>
    </>
  );
}
