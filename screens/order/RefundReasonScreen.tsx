import { useState } from 'react';
import { go } from '../../src/app/navigation';
import { canSend, OrderStepForm } from '../../src/app/orders/OrderParts';
import { showToast } from '../../src/app/toasts';
import { useSubmit } from '../../src/app/useSubmit';
import { orderAct } from '../../src/api/orders';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { muted } from '../../src/theme/ui.css';
import * as css from './buyer.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { OrderFrame, OrderSummary, ReasonFields, useOrderFromQuery, useUserEmail } from './BuyerOrderParts';
import { reasonsAfterShipping, reasonText, refundFormIssue, type ReasonDraft } from './buyerReasons';

function RefundForm({ order }: { order: OrderView }) {
  const t = useT();
  const email = useUserEmail();
  const [draft, setDraft] = useState<ReasonDraft>({ reason: null, note: '', email });
  const send = useSubmit(
    (values: ReasonDraft) => orderAct(order.id, { type: 'REQUEST_REFUND', reason: reasonText(t, values), email: values.email.trim() }),
    (values) => refundFormIssue(values, t),
    () => {
      showToast(t('buyerOrders.cancel.refundToast'), 'success');
      go(`/mine/order/detail?id=${order.id}`, { replace: true });
    },
  );
  return (
    <OrderStepForm
      className={css.form}
      onSubmit={() => send.submit(draft)}
      problem={send.problem}
      problemClassName={ordersCss.problem}
      problemTestId="refund-problem"
      submitLabel={t('buyerOrders.cancel.confirmRefund')}
      submitTestId="refund-submit"
      submitDisabled={send.submitting}
    >
      <OrderSummary order={order}>
        <p className={muted}>{t('buyerOrders.refund.intro')}</p>
      </OrderSummary>
      <ReasonFields reasons={reasonsAfterShipping} draft={draft} onChange={setDraft} withEmail />
    </OrderStepForm>
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
