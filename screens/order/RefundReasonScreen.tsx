import { useState } from 'react';
import { go } from '../../src/app/navigation';
import { orderCan } from '../../src/app/orders/orderCan';
import { showToast } from '../../src/app/toasts';
import { useSubmit } from '../../src/app/useSubmit';
import { orderAct } from '../../src/api/orders';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, card, muted } from '../../src/theme/ui.css';
import * as css from './buyer.css';
import { OrderFrame, OrderItems, Row, useOrderFromQuery } from './BuyerOrderParts';
import { ReasonFields, useUserEmail } from './BuyerReasonFields';
import { reasonsAfterShipping, reasonText, refundFormIssue, type ReasonDraft } from './buyerReasons';

function RefundForm({ order }: { order: OrderView }) {
  const t = useT();
  const email = useUserEmail();
  const [draft, setDraft] = useState<ReasonDraft>({ reason: null, note: '', email });
  const possible = orderCan(order).has('REQUEST_REFUND');
  const send = useSubmit(
    (values: ReasonDraft) => orderAct(order.id, { type: 'REQUEST_REFUND', reason: reasonText(t, values), email: values.email.trim() }),
    (values) => (possible ? refundFormIssue(values, t) : 'orders.rules.notPossibleNow'),
    () => {
      showToast(t('buyerOrders.cancel.refundToast'), 'success');
      go(`/mine/order/detail?id=${order.id}`, { replace: true });
    },
  );
  if (!possible) {
    return (
      <div className={css.empty} data-testid="refund-not-possible">
        <p className={muted}>{t('buyerOrders.refund.notPossible')}</p>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/mine/order/detail?id=${order.id}`, { replace: true })} data-testid="refund-back-to-order">
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
        <Row label={t('buyerOrders.detail.orderNo')}>{order.orderNo}</Row>
        <OrderItems items={order.items} />
        <Row label={t('buyerOrders.detail.total')}>
          <strong>{order.totalAmount} π</strong>
        </Row>
        <p className={muted}>{t('buyerOrders.refund.intro')}</p>
      </section>
      <ReasonFields reasons={reasonsAfterShipping} draft={draft} onChange={setDraft} withEmail />
      {send.problem && (
        <p className={css.problem} role="alert" data-testid="refund-problem">
          {t(send.problem)}
        </p>
      )}
      <button type="submit" className={button({ block: true })} disabled={send.submitting} data-testid="refund-submit">
        {t('buyerOrders.cancel.confirmRefund')}
      </button>
    </form>
  );
}

/** /mine/order/refundreason?id=: ask a refund for a sent order, with a reason and the e-mail (SPEC 5 Refund). */
export default function RefundReasonScreen() {
  const t = useT();
  const order = useOrderFromQuery();
  return (
    <OrderFrame title={t('buyerOrders.refund.title')} order={order}>
      {(view) => <RefundForm key={view.id} order={view} />}
    </OrderFrame>
  );
}
