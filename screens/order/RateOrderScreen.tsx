import { Checkbox } from '../../src/app/FormControls';
import { useId, useState } from 'react';
import { canSend, ScorePicker } from '../../src/app/orders/OrderParts';
import { orderAct } from '../../src/api/orders';
import { ratingIssue } from '../../src/domain/schemas/orders';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { card, muted } from '../../src/theme/ui.css';
import * as css from './buyer.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { BuyerStepForm, OrderFrame, OrderItems, useBuyerStep, useOrderFromQuery } from './BuyerOrderParts';
import { OrderTextLimits } from '../../src/domain/orderRules';
import { Icon } from '../../src/app/Icon';

interface RatingDraft {
  score: number | null;
  comment: string;
  anonymous: boolean;
}

function RateForm({ order }: { order: OrderView }) {
  const t = useT();
  const ids = useId();
  const [draft, setDraft] = useState<RatingDraft>({ score: null, comment: '', anonymous: false });
  const send = useBuyerStep(
    order,
    (values: RatingDraft) => orderAct(order.id, { type: 'RATE', score: values.score ?? 0, comment: values.comment.trim(), anonymous: values.anonymous }),
    ratingIssue,
    'buyerOrders.rate.thanks',
  );
  const filled = (n: number) => draft.score !== null && n <= draft.score;
  return (
    <BuyerStepForm step={{ submitting: send.submitting, problem: send.problemFor(draft) }} onSubmit={() => send.submit(draft)} testId="rate" submitLabel={t('buyerOrders.rate.submit')}>
      <section className={`${card} ${ordersCss.section}`}>
        <strong>{order.sellerName}</strong>
        <OrderItems items={order.items} />
      </section>
      <div className={css.field}>
        <span id={`${ids}-score`} className={css.label}>
          {t('buyerOrders.rate.score')}
        </span>
        {/* Five stars as a radio group: arrow keys move the choice, each star says its score. */}
        <ScorePicker
          value={draft.score}
          onChange={(score) => setDraft((d) => ({ ...d, score }))}
          labelledBy={`${ids}-score`}
          className={css.stars}
          scoreClassName={(n) => `${css.star} ${filled(n) ? css.starFilled : ''}`}
          scoreLabel={(n) => t('buyerOrders.rate.scoreLabel', { score: n })}
          face={(n) => <Icon name="star" size={28} filled={filled(n)} />}
          testIdPrefix="rate-score"
        />
        <small className={muted} aria-live="polite" data-testid="rate-score-text">
          {draft.score === null ? t('buyerOrders.rate.chooseScore') : t(`buyerOrders.rate.scoreWords.${draft.score}`)}
        </small>
      </div>
      <label className={css.field}>
        <span className={css.label}>{t('buyerOrders.rate.comment')}</span>
        <textarea className={css.textarea} maxLength={OrderTextLimits.comment} value={draft.comment} placeholder={t('buyerOrders.rate.commentPlaceholder')} onChange={(e) => setDraft((d) => ({ ...d, comment: e.target.value }))} data-testid="rate-comment" />
        <small className={muted}>{t('buyerOrders.rate.commentHint')}</small>
      </label>
      <label className={css.switchRow}>
        <span>{t('buyerOrders.rate.anonymous')}</span>
        <Checkbox role="switch" checked={draft.anonymous} onChange={(e) => setDraft((d) => ({ ...d, anonymous: e.target.checked }))} data-testid="rate-anonymous" />
      </label>
    </BuyerStepForm>
  );
}

/** /mine/order/rate?id=: a score of 1 to 5 (required, SPEC 5), a comment shown on the product, and anonymity. */
export default function RateOrderScreen() {
  const t = useT();
  const order = useOrderFromQuery();
  return (
    <OrderFrame
      title={t('buyerOrders.rate.title')}
      order={order}
      allowed={canSend('RATE')}
      notPossible={(view) => t(view.buyerRating ? 'buyerOrders.rate.already' : 'buyerOrders.rate.notPossible')}
      testId="rate"
    >
      {(view) => <RateForm key={view.id} order={view} />}
    </OrderFrame>
  );
}
