import { go } from '../../src/app/navigation';
import { useDateTime } from '../../src/app/orders/BuyerFormat';
import { orderCan } from '../../src/app/orders/orderCan';
import { orderStatusLabelKey } from '../../src/domain/orderStatus';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, muted } from '../../src/theme/ui.css';
import * as css from './buyer.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { OrderFrame, OrderItems, Row, Section, useOrderFromQuery } from './BuyerOrderParts';
import { Money } from '../../src/app/Money';

const receivedStates = ['unrated', 'rated', 'completed', 'afterSales'];

/** How the check ended: confirmed by the buyer, counted as received when the window ran out, or still open. */
function outcomeOf(order: OrderView): { key: string; at: string | null } {
  const receipt = [...order.history].reverse().find((h) => h.event === 'CONFIRM_RECEIPT' || h.event === 'buyerCheckWindow');
  if (receipt) return { key: receipt.event === 'CONFIRM_RECEIPT' ? 'confirmed' : 'windowPassed', at: receipt.at };
  if (receivedStates.includes(order.status)) return { key: 'confirmed', at: null };
  if (order.status === 'refundRequested' || order.status === 'refunded') return { key: 'refund', at: null };
  return { key: 'open', at: null };
}

function Result({ order }: { order: OrderView }) {
  const t = useT();
  const when = useDateTime();
  const can = orderCan(order);
  const outcome = outcomeOf(order);
  return (
    <>
      <section className={ordersCss.banner} data-testid="check-result" data-outcome={outcome.key}>
        <h2 className={css.bannerTitle}>{t(`buyerOrders.checkDetail.outcome.${outcome.key}`)}</h2>
        {outcome.at && <p className={css.bannerNote}>{when(outcome.at)}</p>}
        {(outcome.key === 'confirmed' || outcome.key === 'windowPassed') && <p className={css.bannerNote}>{t('buyerOrders.checkDetail.sellerPaid')}</p>}
      </section>
      <Section title={t('buyerOrders.detail.items')}>
        <OrderItems items={order.items} />
        <Row label={t('buyerOrders.detail.orderNo')}>{order.orderNo}</Row>
        <Row label={t('buyerOrders.logistics.status')} testId="check-result-status">
          {t(orderStatusLabelKey(order.status))}
        </Row>
        <Row label={t('buyerOrders.detail.total')}>
          <Money amount={order.totalAmount} strong />
        </Row>
      </Section>
      {outcome.key === 'open' && <p className={muted}>{t('buyerOrders.checkDetail.openNote')}</p>}
      <div className={css.footer}>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/mine/order/detail?id=${order.id}`)} data-testid="check-result-order">
          {t('buyerOrders.checkDetail.viewOrder')}
        </button>
        {can.has('CONFIRM_RECEIPT') && (
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/mine/check?id=${order.id}`)} data-testid="check-result-check">
            {t('buyerOrders.actions.check')}
          </button>
        )}
        {can.has('APPLY_AFTER_SALE') && (
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/mine/order/aftersale?id=${order.id}`)} data-testid="check-result-after-sale">
            {t('buyerOrders.actions.afterSale')}
          </button>
        )}
        {can.has('RATE') && (
          <button type="button" className={button()} onClick={() => go(`/mine/order/rate?id=${order.id}`)} data-testid="check-result-rate">
            {t('buyerOrders.actions.rate')}
          </button>
        )}
      </div>
    </>
  );
}

/** /mine/checkdetail?id=: the result of the check: when receipt was confirmed (or counted), and what comes next. */
export default function OrderCheckDetailScreen() {
  const t = useT();
  const order = useOrderFromQuery();
  return (
    <OrderFrame title={t('buyerOrders.checkDetail.title')} order={order}>
      {(view) => <Result order={view} />}
    </OrderFrame>
  );
}
