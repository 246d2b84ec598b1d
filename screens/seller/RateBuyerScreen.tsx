import { useId, useState } from 'react';
import { orderAct } from '../../src/api/orders';
import { back } from '../../src/app/navigation';
import { canSend, OrderStepForm, ScorePicker } from '../../src/app/orders/OrderParts';
import { showToast } from '../../src/app/toasts';
import { useSubmit } from '../../src/app/useSubmit';
import { OrderTextLimits } from '../../src/domain/orderRules';
import { ratingIssue } from '../../src/domain/schemas/orders';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { card } from '../../src/theme/ui.css';
import { SellerStepFrame, useSellerOrder } from './SellerOrderParts';
import * as css from './sellerOrders.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { Icon } from '../../src/app/Icon';

function RateBuyerForm({ id, order }: { id: string; order: OrderView }) {
  const t = useT();
  const formId = useId();
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const rate = useSubmit(
    (values: { score: number | null; comment: string }) => orderAct(id, { type: 'RATE_BUYER', score: values.score ?? 0, comment: values.comment.trim() }),
    ratingIssue,
    () => {
      showToast(t('sellerOrders.rate.done'), 'success');
      back(`/mine/seller/order-detail?id=${id}`);
    },
  );
  return (
    <OrderStepForm
      className={css.form}
      testId="seller-rate-form"
      onSubmit={() => rate.submit({ score, comment })}
      problem={rate.problemFor({ score, comment })}
      problemClassName={css.problem}
      problemTestId="seller-rate-problem"
      submitLabel={t('sellerOrders.rate.submit')}
      submitTestId="seller-rate-submit"
      submitDisabled={rate.submitting}
    >
      <section className={`${card} ${ordersCss.section}`}>
        <strong>{t('sellerOrders.card.number', { no: order.orderNo })}</strong>
        <span className={css.small}>{t('sellerOrders.card.buyer', { name: order.buyerName })}</span>
      </section>
      <fieldset className={css.form} style={{ border: 'none', padding: 0, margin: 0 }}>
        <legend className={css.label}>{t('sellerOrders.rate.score')}</legend>
        <ScorePicker
          value={score}
          onChange={setScore}
          className={css.scores}
          scoreClassName={() => css.score}
          face={(n) => (
            <>
              <span className={css.scoreStar} aria-hidden="true">
                {n}
                <Icon name="star" size={14} filled />
              </span>
              <span>{t(`sellerOrders.rate.scores.${n}`)}</span>
            </>
          )}
          testIdPrefix="seller-rate-score"
        />
      </fieldset>
      <div className={css.field}>
        <label htmlFor={`${formId}-comment`} className={css.label}>
          {t('sellerOrders.rate.comment')}
        </label>
        <textarea id={`${formId}-comment`} className={css.textarea} value={comment} maxLength={OrderTextLimits.comment} onChange={(e) => setComment(e.target.value)} data-testid="seller-rate-comment" />
        <p className={css.small}>{t('sellerOrders.rate.commentHint')}</p>
      </div>
    </OrderStepForm>
  );
}

/** /mine/seller/rate?id=: the seller rates the buyer of an order, a score of 1 to 5 and an optional comment. */
export default function RateBuyerScreen() {
  const t = useT();
  const order = useSellerOrder();
  return (
    <SellerStepFrame
      title={t('sellerOrders.rate.title')}
      loaded={order}
      testId="seller-rate"
      skeletonHeight={240}
      allowed={canSend('RATE_BUYER')}
      notAllowed={(data) => (data.sellerRating ? t('sellerOrders.rate.already') : t('orders.rules.notPossibleNow'))}
    >
      {(data) => <RateBuyerForm id={order.id} order={data} />}
    </SellerStepFrame>
  );
}
