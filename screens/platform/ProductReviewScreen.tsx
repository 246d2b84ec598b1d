import { useMemo, useRef, useState } from 'react';
import { getReviewQueue, reviewProduct } from '../../src/api/catalogue';
import { PersonPanel } from '../../src/app/console/PersonPanel';
import { PhotoViewer } from '../../src/app/PhotoViewer';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import type { ProductStatus, ReviewItem } from '../../src/domain/types/catalogue';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as desk from './desk.css';
import { Money } from '../../src/app/Money';

type Decision = 'approve' | 'reject' | 'freeze' | 'unfreeze';
const decisionOf: Record<string, Decision> = { APPROVE: 'approve', REJECT: 'reject', FREEZE: 'freeze', UNFREEZE: 'unfreeze' };
const needsReason = (d: Decision) => d === 'reject' || d === 'freeze';
const reasonRequired = 'catalogue.rules.reasonRequired';

function Item({ item, onDone }: { item: ReviewItem; onDone: () => void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [viewer, setViewer] = useState<number | null>(null);
  const pictureButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const act = useSubmit(
    ({ decision, reason: why }: { decision: Decision; reason: string }) => reviewProduct(item.id, decision, needsReason(decision) ? why.trim() : undefined),
    ({ decision, reason: why }) => (needsReason(decision) && !why.trim() ? reasonRequired : null),
    onDone,
  );
  // "A reason is required" goes as soon as one is typed, not at the next tap.
  const problem = act.problem === reasonRequired && reason.trim() ? null : act.problem;
  const decisions = item.allowed.map((e) => decisionOf[e]).filter((d): d is Decision => d !== undefined);
  return (
    <article className={`${card} ${desk.reviewItem}`} data-testid="review-item">
      <div className={desk.reviewMain}>
      {/* Large pictures, each opening the full-screen viewer with zoom (issue 24, finding 17). */}
      <ul className={desk.pictures} data-testid="review-pictures">
        {item.images.map((image, i) => (
          <li key={image.id}>
            <button
              type="button"
              className={desk.picture}
              onClick={() => setViewer(i)}
              aria-label={t('desk.review.openPicture', { n: i + 1, count: item.images.length })}
              ref={(el) => {
                pictureButtons.current[i] = el;
              }}
              data-testid="review-picture"
            >
              <img src={image.urls.card} width={image.width || 480} height={image.height || 480} alt="" loading="lazy" className={desk.pictureImage} />
            </button>
          </li>
        ))}
      </ul>
      {viewer !== null ? (
        <PhotoViewer
          title={item.title}
          images={item.images}
          start={viewer}
          onClose={(at) => {
            setViewer(null);
            // Back to the picture the viewer closed on.
            requestAnimationFrame(() => pictureButtons.current[at]?.focus());
          }}
        />
      ) : null}
      <strong data-testid="review-title">{item.title}</strong>
      <span className={muted}>
        <Money amount={item.price} /> · {t('catalogue.console.seller', { name: item.seller.nickname })}
        {item.reports ? ` · ${t('catalogue.console.reports', { count: Number(item.reports) })}` : ''}
      </span>
      <p className={muted} style={{ whiteSpace: 'pre-wrap' }}>
        {item.description.slice(0, 400)}
      </p>
      {decisions.some(needsReason) ? (
        <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          {t('catalogue.console.reason')}
          <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} aria-invalid={problem === reasonRequired} data-testid="review-reason-input" style={{ minHeight: 40, padding: '0 8px', borderRadius: 8, border: '1px solid #ccc', font: 'inherit' }} />
        </label>
      ) : null}
      {problem ? (
        <p role="alert" className={desk.alertText}>
          {t(problem)}
        </p>
      ) : null}
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {decisions.map((d) => (
          <button key={d} type="button" className={button({ tone: needsReason(d) ? 'danger' : 'primary' })} disabled={act.submitting} onClick={() => act.submit({ decision: d, reason })} data-testid={`review-${d}`}>
            {t(`catalogue.console.${d}`)}
          </button>
        ))}
      </div>
      </div>
      <PersonPanel userId={item.seller.id} view="seller" testId="review-seller" />
    </article>
  );
}

function Queue({ status }: { status: ProductStatus }) {
  const t = useT();
  const loader = useMemo(() => () => getReviewQueue(status), [status]);
  // Kept alive while hidden: read afresh each time the screen is shown (other staff decide too).
  const { state, data, reload } = useResource<ReviewItem[]>(loader);
  if (state === 'loading') return <div className={skeleton} style={{ height: 200 }} />;
  if (!data?.length) return <p className={muted}>{t('catalogue.console.empty')}</p>;
  return (
    <>
      {data.map((item) => (
        <Item key={`${item.id}-${item.updatedAt}`} item={item} onDone={reload} />
      ))}
    </>
  );
}

/** Console: products to review (approve, or fail with a reason), listed ones (freeze), frozen ones (unfreeze). */
export default function ProductReviewScreen() {
  const t = useT();
  const [status, setStatus] = useState<ProductStatus>('reviewing');
  const tabs: [ProductStatus, string][] = [
    ['reviewing', 'catalogue.console.tabReviewing'],
    ['normal', 'catalogue.console.tabNormal'],
    ['frozen', 'catalogue.console.tabFrozen'],
  ];
  return (
    <>
      <ScreenHeader title={t('catalogue.console.reviewTitle')} backTo="/platform/console" />
      <div className={screen}>
        <div role="tablist" style={{ display: 'flex', gap: 8 }}>
          {tabs.map(([s, key]) => (
            <button key={s} type="button" role="tab" aria-selected={s === status} className={button({ tone: s === status ? 'primary' : 'secondary' })} onClick={() => setStatus(s)}>
              {t(key)}
            </button>
          ))}
        </div>
        <Queue key={status} status={status} />
      </div>
    </>
  );
}
