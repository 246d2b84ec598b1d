import { orderAct } from '../../src/api/orders';
import { back, go, useScreenQuery } from '../../src/app/navigation';
import { canSend, ProblemLine } from '../../src/app/orders/OrderParts';
import { showToast } from '../../src/app/toasts';
import { useSubmit } from '../../src/app/useSubmit';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, card, muted } from '../../src/theme/ui.css';
import { SellerStepFrame, useSellerOrder } from './SellerOrderParts';
import * as css from './sellerOrders.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { moneyText } from '../../src/app/moneyText';

function CancelReview({ id, order, reason }: { id: string; order: OrderView; reason: string }) {
  const t = useT();
  const cancel = useSubmit(
    (text: string) => orderAct(id, { type: 'CANCEL', reason: text }),
    (text) => (text ? null : 'orders.rules.reasonRequired'),
    (done) => {
      showToast(t('sellerOrders.cancel.done', { no: done.orderNo }), 'success');
      go('/seller/order/list', { replace: true });
    },
  );
  return (
    <>
      <p className={css.small}>{t('sellerOrders.cancel.step', { step: 2, of: 2 })}</p>
      <section className={`${card} ${ordersCss.section}`} data-testid="seller-cancel-review">
        <strong>{t('sellerOrders.card.number', { no: order.orderNo })}</strong>
        <span className={css.small}>{t('sellerOrders.card.buyer', { name: order.buyerName })}</span>
        <div className={ordersCss.row}>
          <span className={muted}>{t('sellerOrders.cancel.reason')}</span>
          <span data-testid="seller-cancel-reason">{reason || '—'}</span>
        </div>
        <p className={css.strong} data-testid="seller-cancel-refund">
          {t('sellerOrders.cancel.refundNote', { amount: moneyText(order.totalAmount) })}
        </p>
        <p className={css.small}>{t('sellerOrders.cancel.stockNote')}</p>
      </section>
      <ProblemLine problem={cancel.problem} className={css.problem} />
      <div className={ordersCss.row}>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => back(`/mine/seller/cancelorderStepOne?id=${id}`)} data-testid="seller-cancel-back">
          {t('sellerOrders.cancel.back')}
        </button>
        <button type="button" className={button({ tone: 'danger' })} disabled={cancel.submitting} onClick={() => cancel.submit(reason)} data-testid="seller-cancel-confirm">
          {t('sellerOrders.cancel.confirm')}
        </button>
      </div>
    </>
  );
}

/**
 * /mine/seller/cancelorderStepTwo?id=&reason=: the review — the buyer is refunded the total to their
 * balance — then CANCEL, and back to the seller centre with a toast.
 */
export default function SellerCancelStepTwoScreen() {
  const t = useT();
  const reason = (useScreenQuery().get('reason') ?? '').trim();
  const order = useSellerOrder();
  return (
    <SellerStepFrame
      title={t('sellerOrders.cancel.title')}
      loaded={order}
      testId="seller-cancel"
      skeletonHeight={200}
      allowed={canSend('CANCEL')}
      notAllowed={() => t('orders.rules.notPossibleNow')}
    >
      {(data) => <CancelReview id={order.id} order={data} reason={reason} />}
    </SellerStepFrame>
  );
}
