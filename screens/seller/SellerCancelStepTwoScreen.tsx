import { orderAct, orderDetail } from '../../src/api/orders';
import { back, go, useScreenQuery } from '../../src/app/navigation';
import { orderCan } from '../../src/app/orders/orderCan';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import { pi } from './SellerOrderParts';
import * as css from './sellerOrders.css';

/**
 * /mine/seller/cancelorderStepTwo?id=&reason=: the review — the buyer is refunded the total to their
 * balance — then CANCEL, and back to the seller centre with a toast.
 */
export default function SellerCancelStepTwoScreen() {
  const t = useT();
  const query = useScreenQuery();
  const id = query.get('id') ?? '';
  const reason = (query.get('reason') ?? '').trim();
  const order = useResource(() => orderDetail(id));
  const cancel = useSubmit(
    (text: string) => orderAct(id, { type: 'CANCEL', reason: text }),
    (text) => (text ? null : 'orders.rules.reasonRequired'),
    (done) => {
      showToast(t('sellerOrders.cancel.done', { no: done.orderNo }), 'success');
      go('/seller/order/list', { replace: true });
    },
  );
  const data = order.data;
  const allowed = data ? orderCan(data).has('CANCEL') : false;
  return (
    <>
      <ScreenHeader title={t('sellerOrders.cancel.title')} />
      <div className={screen}>
        {order.state === 'loading' && !data ? <div className={skeleton} style={{ height: 200 }} aria-busy="true" /> : null}
        {order.state === 'failed' ? (
          <button type="button" className={button({ tone: 'secondary', block: true })} onClick={order.retry} data-testid="seller-cancel-retry">
            {t('sellerOrders.retry')}
          </button>
        ) : null}
        {data && !allowed ? (
          <p className={muted} role="status" data-testid="seller-cancel-not-allowed">
            {t('orders.rules.notPossibleNow')}
          </p>
        ) : null}
        {data && allowed ? (
          <>
            <p className={css.small}>{t('sellerOrders.cancel.step', { step: 2, of: 2 })}</p>
            <section className={`${card} ${css.section}`} data-testid="seller-cancel-review">
              <strong>{t('sellerOrders.card.number', { no: data.orderNo })}</strong>
              <span className={css.small}>{t('sellerOrders.card.buyer', { name: data.buyerName })}</span>
              <div className={css.row}>
                <span className={muted}>{t('sellerOrders.cancel.reason')}</span>
                <span data-testid="seller-cancel-reason">{reason || '—'}</span>
              </div>
              <p className={css.strong} data-testid="seller-cancel-refund">
                {t('sellerOrders.cancel.refundNote', { amount: pi(data.totalAmount) })}
              </p>
              <p className={css.small}>{t('sellerOrders.cancel.stockNote')}</p>
            </section>
            {cancel.problem ? (
              <p className={css.problem} role="alert">
                {t(cancel.problem)}
              </p>
            ) : null}
            <div className={css.row}>
              <button type="button" className={button({ tone: 'secondary' })} onClick={() => back(`/mine/seller/cancelorderStepOne?id=${id}`)} data-testid="seller-cancel-back">
                {t('sellerOrders.cancel.back')}
              </button>
              <button type="button" className={button({ tone: 'danger' })} disabled={cancel.submitting} onClick={() => cancel.submit(reason)} data-testid="seller-cancel-confirm">
                {t('sellerOrders.cancel.confirm')}
              </button>
            </div>
          </>
        ) : null}
      </div>
    </>
  );
}
