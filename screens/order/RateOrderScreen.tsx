import { useId, useState, type KeyboardEvent } from 'react';
import { go } from '../../src/app/navigation';
import { orderCan } from '../../src/app/orders/orderCan';
import { showToast } from '../../src/app/toasts';
import { useSubmit } from '../../src/app/useSubmit';
import { orderAct } from '../../src/api/orders';
import { ratingIssue } from '../../src/domain/schemas/orders';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, card, muted } from '../../src/theme/ui.css';
import * as css from './buyer.css';
import { OrderFrame, OrderItems, useOrderFromQuery } from './BuyerOrderParts';
import { commentMax } from './buyerReasons';

interface RatingDraft {
  score: number | null;
  comment: string;
  anonymous: boolean;
}

const scores = [1, 2, 3, 4, 5] as const;

/** Five stars as a radio group: arrow keys move the choice, each star says its score. */
function ScorePicker({ value, onChange, labelledBy }: { value: number | null; onChange: (score: number) => void; labelledBy: string }) {
  const t = useT();
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const rtl = document.documentElement.dir === 'rtl';
    const forward = e.key === 'ArrowUp' || e.key === (rtl ? 'ArrowLeft' : 'ArrowRight');
    const backward = e.key === 'ArrowDown' || e.key === (rtl ? 'ArrowRight' : 'ArrowLeft');
    if (!forward && !backward) return;
    e.preventDefault();
    const next = Math.min(5, Math.max(1, (value ?? 0) + (forward ? 1 : -1)));
    onChange(next);
    (e.currentTarget.querySelector(`[data-score="${next}"]`) as HTMLButtonElement | null)?.focus();
  };
  return (
    <div className={css.stars} role="radiogroup" aria-labelledby={labelledBy} onKeyDown={onKey}>
      {scores.map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={t('buyerOrders.rate.scoreLabel', { score: n })}
          tabIndex={value === n || (value === null && n === 1) ? 0 : -1}
          className={`${css.star} ${value !== null && n <= value ? css.starFilled : ''}`}
          onClick={() => onChange(n)}
          data-score={n}
          data-testid={`rate-score-${n}`}
        >
          <span aria-hidden="true">{value !== null && n <= value ? '★' : '☆'}</span>
        </button>
      ))}
    </div>
  );
}

function RateForm({ order }: { order: OrderView }) {
  const t = useT();
  const ids = useId();
  const [draft, setDraft] = useState<RatingDraft>({ score: null, comment: '', anonymous: false });
  const possible = orderCan(order).has('RATE');
  const send = useSubmit(
    (values: RatingDraft) => orderAct(order.id, { type: 'RATE', score: values.score ?? 0, comment: values.comment.trim(), anonymous: values.anonymous }),
    (values) => (possible ? ratingIssue(values) : 'orders.rules.notPossibleNow'),
    () => {
      showToast(t('buyerOrders.rate.thanks'), 'success');
      go(`/mine/order/detail?id=${order.id}`, { replace: true });
    },
  );
  if (!possible) {
    return (
      <div className={css.empty} data-testid="rate-not-possible">
        <p className={muted}>{t(order.buyerRating ? 'buyerOrders.rate.already' : 'buyerOrders.rate.notPossible')}</p>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/mine/order/detail?id=${order.id}`, { replace: true })} data-testid="rate-back-to-order">
          {t('buyerOrders.cancel.backToOrder')}
        </button>
      </div>
    );
  }
  return (
    <form
      className={css.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send.submit(draft);
      }}
    >
      <section className={`${card} ${css.section}`}>
        <strong>{order.sellerName}</strong>
        <OrderItems items={order.items} />
      </section>
      <div className={css.field}>
        <span id={`${ids}-score`} className={css.label}>
          {t('buyerOrders.rate.score')}
        </span>
        <ScorePicker value={draft.score} onChange={(score) => setDraft((d) => ({ ...d, score }))} labelledBy={`${ids}-score`} />
        <small className={muted} aria-live="polite" data-testid="rate-score-text">
          {draft.score === null ? t('buyerOrders.rate.chooseScore') : t(`buyerOrders.rate.scoreWords.${draft.score}`)}
        </small>
      </div>
      <label className={css.field}>
        <span className={css.label}>{t('buyerOrders.rate.comment')}</span>
        <textarea className={css.textarea} maxLength={commentMax} value={draft.comment} placeholder={t('buyerOrders.rate.commentPlaceholder')} onChange={(e) => setDraft((d) => ({ ...d, comment: e.target.value }))} data-testid="rate-comment" />
        <small className={muted}>{t('buyerOrders.rate.commentHint')}</small>
      </label>
      <label className={css.switchRow}>
        <span>{t('buyerOrders.rate.anonymous')}</span>
        <input type="checkbox" role="switch" checked={draft.anonymous} onChange={(e) => setDraft((d) => ({ ...d, anonymous: e.target.checked }))} data-testid="rate-anonymous" />
      </label>
      {send.problem && (
        <p className={css.problem} role="alert" data-testid="rate-problem">
          {t(send.problem)}
        </p>
      )}
      <button type="submit" className={button({ block: true })} disabled={send.submitting} data-testid="rate-submit">
        {t('buyerOrders.rate.submit')}
      </button>
    </form>
  );
}

/** /mine/order/rate?id=: a score of 1 to 5 (required, SPEC 5), a comment shown on the product, and anonymity. */
export default function RateOrderScreen() {
  const t = useT();
  const order = useOrderFromQuery();
  return (
    <OrderFrame title={t('buyerOrders.rate.title')} order={order}>
      {(view) => <RateForm key={view.id} order={view} />}
    </OrderFrame>
  );
}
