import { Bdi } from '../../src/app/Isolate';
import { Checkbox } from '../../src/app/FormControls';
import { useState } from 'react';
import { ConfirmDialog } from '../../src/app/ConfirmDialog';
import { go } from '../../src/app/navigation';
import { windowSentence } from '../../src/app/orders/BuyerFormat';
import { orderCan } from '../../src/app/orders/orderCan';
import { showToast } from '../../src/app/toasts';
import { useSubmit } from '../../src/app/useSubmit';
import { orderAct } from '../../src/api/orders';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, muted } from '../../src/theme/ui.css';
import * as css from './buyer.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { OrderFrame, Row, Section, useExpressName, useOrderFromQuery } from './BuyerOrderParts';
import { variantLabel } from '../../src/domain/variants';
import { Money } from '../../src/app/Money';
import { Deadline } from '../../src/app/Deadline';

/** The buyer's own checklist: each ordered line, ticked when the goods match it (kept on this screen only). */
function Checklist({ order }: { order: OrderView }) {
  const t = useT();
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const toggle = (key: string) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <Section title={t('buyerOrders.check.ordered')} testId="check-items">
      <p className={muted}>{t('buyerOrders.check.howTo')}</p>
      {order.items.map((item) => {
        const key = `${item.productId}-${item.skuId}`;
        return (
          <label key={key} className={css.check} data-testid={`check-item-${item.skuId}`}>
            <Checkbox checked={ticked.has(key)} onChange={() => toggle(key)} />
            <span className={css.grow}>
              <strong>{item.title}</strong>
              <Bdi className={muted}>{variantLabel(item)}</Bdi>
              <span>{t('buyerOrders.check.quantity', { quantity: item.quantity })}</span>
            </span>
          </label>
        );
      })}
      <small className={muted} aria-live="polite" data-testid="check-progress">
        {t('buyerOrders.check.progress', { done: ticked.size, total: order.items.length })}
      </small>
    </Section>
  );
}

function Check({ order, onChanged }: { order: OrderView; onChanged: () => void }) {
  const t = useT();
  const express = useExpressName();
  const can = orderCan(order);
  const confirm = useSubmit(
    () => orderAct(order.id, { type: 'CONFIRM_RECEIPT' }),
    undefined,
    () => {
      showToast(t('buyerOrders.detail.receivedToast'), 'success');
      onChanged();
      go(`/mine/checkdetail?id=${order.id}`, { replace: true });
    },
  );
  const open = can.has('CONFIRM_RECEIPT');
  return (
    <>
      <section className={ordersCss.banner}>
        <h2 className={css.bannerTitle}>{t('buyerOrders.check.heading')}</h2>
        {open && order.deadline ? (
          <Deadline at={order.deadline.at} sentence={(at) => windowSentence(t, order.deadline?.name ?? '', at)} className={css.bannerNote} testId="check-deadline" onBrand />
        ) : (
          <p className={css.bannerNote} data-testid="check-closed">
            {t('buyerOrders.check.closed')}
          </p>
        )}
      </section>
      <Section title={t('buyerOrders.detail.shipment')}>
        {!order.shipment ? (
          <p className={muted}>{t('buyerOrders.logistics.notShipped')}</p>
        ) : order.shipment.noShipping ? (
          <p className={muted}>{t('buyerOrders.logistics.noShipping')}</p>
        ) : (
          <Row label={express(order.shipment.company)}>
            <span className={css.mono}>{order.shipment.number}</span>
          </Row>
        )}
        <Row label={t('buyerOrders.detail.total')}>
          <Money amount={order.totalAmount} strong />
        </Row>
      </Section>
      <Checklist order={order} />
      <div className={css.footer}>
        {!open && (
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/mine/checkdetail?id=${order.id}`, { replace: true })} data-testid="check-see-result">
            {t('buyerOrders.check.seeResult')}
          </button>
        )}
        {can.has('REQUEST_REFUND') && (
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/mine/order/refundreason?id=${order.id}`)} data-testid="check-request-refund">
            {t('buyerOrders.actions.requestRefund')}
          </button>
        )}
        {open && (
          <ConfirmDialog
            trigger={
              <button type="button" className={button()} disabled={confirm.submitting} data-testid="check-confirm-receipt">
                {t('buyerOrders.actions.confirmReceipt')}
              </button>
            }
            title={t('buyerOrders.actions.confirmReceiptTitle')}
            body={t('buyerOrders.actions.confirmReceiptBody')}
            confirmLabel={t('buyerOrders.actions.confirmReceipt')}
            onConfirm={() => confirm.submit(null)}
          />
        )}
      </div>
    </>
  );
}

/** /mine/check?id=: the 3-day check window: what was ordered against what arrived, then confirm receipt or ask a refund. */
export default function OrderCheckScreen() {
  const t = useT();
  const order = useOrderFromQuery();
  return (
    <OrderFrame title={t('buyerOrders.check.title')} order={order}>
      {(view) => <Check order={view} onChanged={order.reload} />}
    </OrderFrame>
  );
}
