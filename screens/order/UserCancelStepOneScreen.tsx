import { useState } from 'react';
import { go } from '../../src/app/navigation';
import { OrderStepForm } from '../../src/app/orders/OrderParts';
import { useSubmit } from '../../src/app/useSubmit';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { muted } from '../../src/theme/ui.css';
import * as css from './buyer.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { OrderFrame, OrderSummary, ReasonFields, useOrderFromQuery, useUserEmail } from './BuyerOrderParts';
import { canCancel, cancelIssue, cancelStepOf, reasonsBeforeShipping, type ReasonDraft } from './buyerReasons';

function StepOne({ order }: { order: OrderView }) {
  const t = useT();
  const email = useUserEmail();
  const [draft, setDraft] = useState<ReasonDraft>({ reason: null, note: '', email });
  const step = cancelStepOf(order);
  const next = useSubmit(
    async (values: ReasonDraft) => values,
    (values) => (step ? cancelIssue(step, values, t) : 'orders.rules.notPossibleNow'),
    (values) => {
      const query = new URLSearchParams({ id: order.id, reason: values.reason ?? '', note: values.note.trim(), email: step === 'REQUEST_REFUND' ? values.email.trim() : '' });
      go(`/mine/user/userCancelorderStepTwo?${query.toString()}`);
    },
  );
  return (
    <OrderStepForm
      className={css.form}
      onSubmit={() => next.submit(draft)}
      problem={next.problem}
      problemClassName={ordersCss.problem}
      problemTestId="cancel-problem"
      submitLabel={t('buyerOrders.cancel.next')}
      submitTestId="cancel-next"
    >
      <OrderSummary order={order}>
        <p className={muted}>{t(step === 'CANCEL' ? 'buyerOrders.cancel.cancelIntro' : 'buyerOrders.cancel.refundIntro')}</p>
      </OrderSummary>
      <ReasonFields reasons={reasonsBeforeShipping} draft={draft} onChange={setDraft} withEmail={step === 'REQUEST_REFUND'} />
    </OrderStepForm>
  );
}

/** /mine/user/userCancelorderStepOne?id=: why the buyer cancels (and, once the seller confirmed, the e-mail for the refund). */
export default function UserCancelStepOneScreen() {
  const t = useT();
  const order = useOrderFromQuery();
  return (
    <OrderFrame title={t('buyerOrders.cancel.title')} order={order} allowed={canCancel} notPossible={() => t('buyerOrders.cancel.notPossible')} testId="cancel">
      {(view) => <StepOne key={view.id} order={view} />}
    </OrderFrame>
  );
}
