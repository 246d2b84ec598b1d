import { useDateTime } from '../../src/app/orders/BuyerFormat';
import { showToast } from '../../src/app/toasts';
import { orderStatusLabelKey } from '../../src/domain/orderStatus';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, muted } from '../../src/theme/ui.css';
import * as css from './buyer.css';
import { OrderFrame, OrderTimeline, Row, Section, useExpressName, useOrderFromQuery } from './BuyerOrderParts';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function Logistics({ order }: { order: OrderView }) {
  const t = useT();
  const when = useDateTime();
  const express = useExpressName();
  const shipment = order.shipment;
  return (
    <>
      <Section title={t('buyerOrders.logistics.shipment')} testId="logistics-shipment">
        {!shipment ? (
          <p className={muted} data-testid="logistics-not-shipped">
            {t('buyerOrders.logistics.notShipped')}
          </p>
        ) : shipment.noShipping ? (
          <p className={muted} data-testid="logistics-no-shipping">
            {t('buyerOrders.logistics.noShipping')}
          </p>
        ) : (
          <>
            <Row label={t('buyerOrders.detail.company')} testId="logistics-company">
              {express(shipment.company)}
            </Row>
            <div className={css.copyRow}>
              <span className={muted}>{t('buyerOrders.detail.number')}</span>
              <span className={css.mono} data-testid="logistics-number">
                {shipment.number}
              </span>
              <button
                type="button"
                className={button({ tone: 'ghost' })}
                aria-label={t('buyerOrders.logistics.copyNumber')}
                onClick={async () => {
                  const copied = await copyText(shipment.number);
                  showToast(t(copied ? 'buyerOrders.logistics.copied' : 'messages.copyFailed'), copied ? 'success' : 'error');
                }}
                data-testid="logistics-copy"
              >
                {t('buyerOrders.logistics.copy')}
              </button>
            </div>
          </>
        )}
        {shipment?.at && (
          <Row label={t('buyerOrders.detail.shippedAt')} testId="logistics-shipped-at">
            {when(shipment.at)}
          </Row>
        )}
        <Row label={t('buyerOrders.detail.orderNo')}>{order.orderNo}</Row>
        <Row label={t('buyerOrders.logistics.status')}>{t(orderStatusLabelKey(order.status))}</Row>
      </Section>
      <Section title={t('buyerOrders.logistics.tracking')}>
        <p className={muted}>{t('buyerOrders.logistics.trackingNote')}</p>
        <OrderTimeline history={order.history} testId="logistics-timeline" />
      </Section>
    </>
  );
}

/** /mine/viewLogisticsDetail?id=: the express company and number (copyable), when it shipped, and the order's history as its tracking. */
export default function LogisticsDetailScreen() {
  const t = useT();
  const order = useOrderFromQuery();
  return (
    <OrderFrame title={t('buyerOrders.logistics.title')} order={order}>
      {(view) => <Logistics order={view} />}
    </OrderFrame>
  );
}
