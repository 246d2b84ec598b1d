import { ltrText } from '../../src/app/Isolate';
import { useState } from 'react';
import { kycQueue, reviewKyc } from '../../src/api/kyc';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { firstProblem } from '../../src/domain/schemas/accounts';
import { reviewKycInput, type ReviewKycInput } from '../../src/domain/schemas/kyc';
import type { KycQueueItem } from '../../src/domain/types/kyc';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as desk from './desk.css';
import { exactTime } from '../../src/domain/dates';

function Item({ item, onDone }: { item: KycQueueItem; onDone: () => void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const act = useSubmit(reviewKyc, (v: ReviewKycInput) => firstProblem(reviewKycInput, v)?.key ?? null, onDone);
  const reasonId = `kyc-reason-${item.userId}`;
  return (
    <article className={card} data-testid="kyc-review-item" data-user={item.userId} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <strong>
        {item.fullName} · {item.username}
      </strong>
      <span className={muted}>{t('kyc.console.submittedAt', { date: ltrText(exactTime(item.submittedAt)) || '—' })}</span>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px' }}>
        <dt className={muted}>{t('kyc.birthDate')}</dt>
        <dd style={{ margin: 0 }}>{item.birthDate}</dd>
        <dt className={muted}>{t('kyc.country')}</dt>
        <dd style={{ margin: 0 }}>{item.country}</dd>
        <dt className={muted}>{t('kyc.documentType')}</dt>
        <dd style={{ margin: 0 }}>{item.documentType ? t(`kyc.documents.${item.documentType}`) : '—'}</dd>
        <dt className={muted}>{t('kyc.documentNumber')}</dt>
        <dd style={{ margin: 0, fontFamily: 'monospace' }}>{item.documentNumber}</dd>
      </dl>
      <label htmlFor={reasonId} style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        {t('kyc.console.reasonLabel')}
      </label>
      <input id={reasonId} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} data-testid="kyc-review-reason" style={{ minHeight: 40, padding: '0 8px', borderRadius: 8, border: '1px solid #767676', font: 'inherit' }} />
      {act.problem && (
        <p role="alert" className={desk.alertText}>
          {t(act.problem)}
        </p>
      )}
      <div style={{ display: 'flex', gap: 8 }}>
        <button type="button" className={button()} disabled={act.submitting} onClick={() => act.submit({ userId: item.userId, decision: 'verify' })} data-testid="kyc-verify">
          {t('kyc.console.verify')}
        </button>
        <button type="button" className={button({ tone: 'danger' })} disabled={act.submitting} onClick={() => act.submit({ userId: item.userId, decision: 'reject', reason })} data-testid="kyc-reject">
          {t('kyc.console.reject')}
        </button>
      </div>
    </article>
  );
}

/** Console: identity checks under review, oldest first (issue 27); staff verify, or reject with a reason. */
export default function KycReviewScreen() {
  const t = useT();
  const { state, data, reload } = useResource(kycQueue);
  return (
    <>
      <ScreenHeader title={t('kyc.console.title')} backTo="/platform/console" />
      <div className={screen}>
        {state === 'loading' && <div className={skeleton} style={{ height: 200 }} />}
        {state !== 'loading' && !data?.list.length && <p className={muted}>{t('kyc.console.empty')}</p>}
        {data?.list.map((item) => <Item key={item.userId} item={item} onDone={reload} />)}
      </div>
    </>
  );
}
