import { back, go, useScreenQuery } from '../../src/app/navigation';
import { useAccountBalance } from '../../src/app/orders/BuyerBalance';
import { ProblemLine } from '../../src/app/orders/OrderParts';
import { showToast } from '../../src/app/toasts';
import { useSubmit } from '../../src/app/useSubmit';
import { orderAct } from '../../src/api/orders';
import type { OrderAction } from '../../src/domain/schemas/orders';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, card, muted } from '../../src/theme/ui.css';
import * as css from './buyer.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { OrderFrame, Row, useOrderFromQuery } from './BuyerOrderParts';
import { canCancel, cancelIssue, cancelStepOf, isReasonKey, reasonText, type ReasonDraft } from './buyerReasons';
import { Money } from '../../src/app/Money';
import { moneyText } from '../../src/app/moneyText';

function StepTwo({ order, draft }: { order: OrderView; draft: ReasonDraft }) {
  const t = useT();
  const balance = useAccountBalance();
  const step = cancelStepOf(order);
  const reason = reasonText(t, draft);
  const send = useSubmit(
    (action: OrderAction) => orderAct(order.id, action),
    () => (step ? cancelIssue(step, draft, t) : 'orders.rules.notPossibleNow'),
    (view) => {
      showToast(t(view.status === 'canceled' ? 'buyerOrders.cancel.canceledToast' : 'buyerOrders.cancel.refundToast'), 'success');
      void balance.refresh();
      go(`/mine/order/detail?id=${order.id}`, { replace: true });
    },
  );
  const confirm = () => send.submit(step === 'CANCEL' ? { type: 'CANCEL', reason } : { type: 'REQUEST_REFUND', reason, email: draft.email.trim() });
  return (
    <>
      <section className={`${card} ${ordersCss.section}`} data-testid="cancel-review">
        <h2 className={ordersCss.heading}>{t('buyerOrders.cancel.review')}</h2>
        <Row label={t('buyerOrders.detail.orderNo')}>{order.orderNo}</Row>
        <Row label={t('buyerOrders.detail.total')}>
          <Money amount={order.totalAmount} strong />
        </Row>
        <Row label={t('buyerOrders.detail.reason')} testId="cancel-review-reason">
          {reason || '—'}
        </Row>
        {step === 'REQUEST_REFUND' && (
          <Row label={t('buyerOrders.detail.email')} testId="cancel-review-email">
            {draft.email || '—'}
          </Row>
        )}
      </section>
      <p className={muted}>{t(step === 'CANCEL' ? 'buyerOrders.cancel.cancelOutcome' : 'buyerOrders.cancel.refundOutcome', { amount: moneyText(order.totalAmount) })}</p>
      <ProblemLine problem={send.problem} className={ordersCss.problem} testId="cancel-problem" />
      <div className={css.actions}>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => back(`/mine/user/userCancelorderStepOne?id=${order.id}`)} data-testid="cancel-edit">
          {t('buyerOrders.cancel.edit')}
        </button>
        <button type="button" className={button({ tone: 'danger' })} disabled={send.submitting} onClick={confirm} data-testid="cancel-confirm">
          {t(step === 'CANCEL' ? 'buyerOrders.cancel.confirmCancel' : 'buyerOrders.cancel.confirmRefund')}
        </button>
      </div>
    </>
  );
}

/** /mine/user/userCancelorderStepTwo?id=&reason=&note=&email=: review, then cancel (or ask the refund, once the seller confirmed). */
export default function UserCancelStepTwoScreen() {
  const t = useT();
  const query = useScreenQuery();
  const order = useOrderFromQuery();
  const reasonKey = query.get('reason');
  const draft: ReasonDraft = { reason: isReasonKey(reasonKey) ? reasonKey : null, note: query.get('note') ?? '', email: query.get('email') ?? '' };
  return (
    <OrderFrame title={t('buyerOrders.cancel.confirmTitle')} order={order} allowed={canCancel} notPossible={() => t('buyerOrders.cancel.notPossible')} testId="cancel">
      {(view) => <StepTwo key={view.id} order={view} draft={draft} />}
    </OrderFrame>
  );
}
