import { useState } from 'react';
import { canSend } from '../../src/app/orders/OrderParts';
import { orderAct } from '../../src/api/orders';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { muted } from '../../src/theme/ui.css';
import { BuyerStepForm, OrderFrame, OrderSummary, ReasonFields, useBuyerStep, useOrderFromQuery, useUserEmail } from './BuyerOrderParts';
import { reasonsAfterShipping, reasonText, refundFormIssue, type ReasonDraft } from './buyerReasons';

function RefundForm({ order }: { order: OrderView }) {
  const t = useT();
  const email = useUserEmail();
  const [draft, setDraft] = useState<ReasonDraft>({ reason: null, note: '', email });
  const send = useBuyerStep(
    order,
    (values: ReasonDraft) => orderAct(order.id, { type: 'REQUEST_REFUND', reason: reasonText(t, values), email: values.email.trim() }),
    (values) => refundFormIssue(values, t),
    'buyerOrders.cancel.refundToast',
  );
  return (
    <BuyerStepForm step={{ submitting: send.submitting, problem: send.problemFor(draft) }} onSubmit={() => send.submit(draft)} testId="refund" submitLabel={t('buyerOrders.cancel.confirmRefund')}>
      <OrderSummary order={order}>
        <p className={muted}>{t('buyerOrders.refund.intro')}</p>
      </OrderSummary>
      <ReasonFields reasons={reasonsAfterShipping} draft={draft} onChange={setDraft} withEmail />
    </BuyerStepForm>
  );
}

/** /mine/order/refundreason?id=: ask a refund for a sent order, with a reason and the e-mail (SPEC 5 Refund). */
export default function RefundReasonScreen() {
  const t = useT();
  const order = useOrderFromQuery();
  return (
    <OrderFrame title={t('buyerOrders.refund.title')} order={order} allowed={canSend('REQUEST_REFUND')} notPossible={() => t('buyerOrders.refund.notPossible')} testId="refund">
      {(view) => <RefundForm key={view.id} order={view} />}
    </OrderFrame>
  );
}
