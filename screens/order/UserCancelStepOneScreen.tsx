import { useState } from 'react';
import { go } from '../../src/app/navigation';
import { useSubmit } from '../../src/app/useSubmit';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, card, muted } from '../../src/theme/ui.css';
import * as css from './buyer.css';
import { OrderFrame, OrderItems, Row, useOrderFromQuery } from './BuyerOrderParts';
import { ReasonFields, useUserEmail } from './BuyerReasonFields';
import { cancelIssue, cancelStepOf, reasonsBeforeShipping, type ReasonDraft } from './buyerReasons';

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
  if (!step) {
    return (
      <div className={css.empty} data-testid="cancel-not-possible">
        <p className={muted}>{t('buyerOrders.cancel.notPossible')}</p>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/mine/order/detail?id=${order.id}`, { replace: true })} data-testid="cancel-back-to-order">
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
        next.submit(draft);
      }}
    >
      <section className={`${card} ${css.section}`}>
        <Row label={t('buyerOrders.detail.orderNo')}>{order.orderNo}</Row>
        <OrderItems items={order.items} />
        <Row label={t('buyerOrders.detail.total')}>
          <strong>{order.totalAmount} π</strong>
        </Row>
        <p className={muted}>{t(step === 'CANCEL' ? 'buyerOrders.cancel.cancelIntro' : 'buyerOrders.cancel.refundIntro')}</p>
      </section>
      <ReasonFields reasons={reasonsBeforeShipping} draft={draft} onChange={setDraft} withEmail={step === 'REQUEST_REFUND'} />
      {next.problem && (
        <p className={css.problem} role="alert" data-testid="cancel-problem">
          {t(next.problem)}
        </p>
      )}
      <button type="submit" className={button({ block: true })} data-testid="cancel-next">
        {t('buyerOrders.cancel.next')}
      </button>
    </form>
  );
}

/** /mine/user/userCancelorderStepOne?id=: why the buyer cancels (and, once the seller confirmed, the e-mail for the refund). */
export default function UserCancelStepOneScreen() {
  const t = useT();
  const order = useOrderFromQuery();
  return (
    <OrderFrame title={t('buyerOrders.cancel.title')} order={order}>
      {(view) => <StepOne key={view.id} order={view} />}
    </OrderFrame>
  );
}
