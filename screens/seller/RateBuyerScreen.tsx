import { useId, useState } from 'react';
import { orderAct, orderDetail } from '../../src/api/orders';
import { back, useScreenQuery } from '../../src/app/navigation';
import { orderCan } from '../../src/app/orders/orderCan';
import { sellerScores } from '../../src/app/orders/SellerOrderLogic';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { ratingIssue } from '../../src/domain/schemas/orders';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './sellerOrders.css';

/** /mine/seller/rate?id=: the seller rates the buyer of an order, a score of 1 to 5 and an optional comment. */
export default function RateBuyerScreen() {
  const t = useT();
  const id = useScreenQuery().get('id') ?? '';
  const formId = useId();
  const order = useResource(() => orderDetail(id));
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const rate = useSubmit(
    (values: { score: number | null; comment: string }) => orderAct(id, { type: 'RATE_BUYER', score: values.score ?? 0, comment: values.comment.trim() }),
    (values) => ratingIssue(values),
    () => {
      showToast(t('sellerOrders.rate.done'), 'success');
      back(`/mine/seller/order-detail?id=${id}`);
    },
  );
  const data = order.data;
  const allowed = data ? orderCan(data).has('RATE_BUYER') : false;
  return (
    <>
      <ScreenHeader title={t('sellerOrders.rate.title')} />
      <div className={screen}>
        {order.state === 'loading' && !data ? <div className={skeleton} style={{ height: 240 }} aria-busy="true" /> : null}
        {order.state === 'failed' ? (
          <button type="button" className={button({ tone: 'secondary', block: true })} onClick={order.retry} data-testid="seller-rate-retry">
            {t('sellerOrders.retry')}
          </button>
        ) : null}
        {data && !allowed ? (
          <p className={muted} role="status" data-testid="seller-rate-not-allowed">
            {data.sellerRating ? t('sellerOrders.rate.already') : t('orders.rules.notPossibleNow')}
          </p>
        ) : null}
        {data && allowed ? (
          <form
            className={css.form}
            onSubmit={(e) => {
              e.preventDefault();
              rate.submit({ score, comment });
            }}
            data-testid="seller-rate-form"
          >
            <section className={`${card} ${css.section}`}>
              <strong>{t('sellerOrders.card.number', { no: data.orderNo })}</strong>
              <span className={css.small}>{t('sellerOrders.card.buyer', { name: data.buyerName })}</span>
            </section>
            <fieldset className={css.form} style={{ border: 'none', padding: 0, margin: 0 }}>
              <legend className={css.label}>{t('sellerOrders.rate.score')}</legend>
              <div className={css.scores}>
                {sellerScores.map((value) => (
                  <button
                    key={value}
                    type="button"
                    className={css.score}
                    aria-pressed={score === value}
                    onClick={() => setScore(value)}
                    data-testid={`seller-rate-score-${value}`}
                  >
                    <span className={css.scoreStar} aria-hidden="true">
                      {value}★
                    </span>
                    <span>{t(`sellerOrders.rate.scores.${value}`)}</span>
                  </button>
                ))}
              </div>
            </fieldset>
            <div className={css.field}>
              <label htmlFor={`${formId}-comment`} className={css.label}>
                {t('sellerOrders.rate.comment')}
              </label>
              <textarea id={`${formId}-comment`} className={css.textarea} value={comment} maxLength={500} onChange={(e) => setComment(e.target.value)} data-testid="seller-rate-comment" />
              <p className={css.small}>{t('sellerOrders.rate.commentHint')}</p>
            </div>
            {rate.problem ? (
              <p className={css.problem} role="alert" data-testid="seller-rate-problem">
                {t(rate.problem)}
              </p>
            ) : null}
            <button type="submit" className={button({ block: true })} disabled={rate.submitting} data-testid="seller-rate-submit">
              {t('sellerOrders.rate.submit')}
            </button>
          </form>
        ) : null}
      </div>
    </>
  );
}
