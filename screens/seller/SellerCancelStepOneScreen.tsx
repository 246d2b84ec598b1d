import { Radio } from '../../src/app/FormControls';
import { useId, useState } from 'react';
import { go } from '../../src/app/navigation';
import { canSend, OrderStepForm } from '../../src/app/orders/OrderParts';
import { sellerCancelReasons, type SellerCancelReason } from '../../src/app/orders/SellerOrderLogic';
import { OrderTextLimits, reasonWithNote } from '../../src/domain/orderRules';
import { useSubmit } from '../../src/app/useSubmit';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { card } from '../../src/theme/ui.css';
import { SellerStepFrame, useSellerOrder } from './SellerOrderParts';
import * as css from './sellerOrders.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { Money } from '../../src/app/Money';

function CancelReasonForm({ id, order }: { id: string; order: OrderView }) {
  const t = useT();
  const formId = useId();
  const [reason, setReason] = useState<SellerCancelReason | null>(null);
  const [note, setNote] = useState('');
  const next = useSubmit(
    async (values: { reason: SellerCancelReason | null; note: string }) => reasonWithNote(t(`sellerOrders.cancel.reasons.${values.reason ?? 'other'}`), values.note),
    (values) => (values.reason === null ? 'orders.rules.reasonRequired' : null),
    (text) => go(`/mine/seller/cancelorderStepTwo?id=${encodeURIComponent(id)}&reason=${encodeURIComponent(text)}`),
  );
  return (
    <OrderStepForm
      className={css.form}
      testId="seller-cancel-form"
      onSubmit={() => next.submit({ reason, note })}
      problem={next.problem}
      problemClassName={css.problem}
      problemTestId="seller-cancel-problem"
      problemId={`${formId}-problem`}
      submitLabel={t('sellerOrders.cancel.next')}
      submitTestId="seller-cancel-next"
    >
      <p className={css.small}>{t('sellerOrders.cancel.step', { step: 1, of: 2 })}</p>
      <section className={`${card} ${ordersCss.section}`}>
        <div className={ordersCss.row}>
          <strong>{t('sellerOrders.card.number', { no: order.orderNo })}</strong>
          <Money amount={order.totalAmount} />
        </div>
        <span className={css.small}>{t('sellerOrders.card.buyer', { name: order.buyerName })}</span>
      </section>
      <fieldset className={css.form} style={{ border: 'none', padding: 0, margin: 0 }} aria-describedby={next.problem ? `${formId}-problem` : undefined}>
        <legend className={css.label}>{t('sellerOrders.cancel.chooseReason')}</legend>
        {sellerCancelReasons.map((key) => (
          <label key={key} className={css.choice}>
            <Radio name={`${formId}-reason`} value={key} checked={reason === key} onChange={() => setReason(key)} data-testid={`seller-cancel-reason-${key}`} />
            <span>{t(`sellerOrders.cancel.reasons.${key}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className={css.field}>
        <label htmlFor={`${formId}-note`} className={css.label}>
          {t('sellerOrders.cancel.note')}
        </label>
        <textarea id={`${formId}-note`} className={css.textarea} value={note} maxLength={OrderTextLimits.note} onChange={(e) => setNote(e.target.value)} data-testid="seller-cancel-note" />
      </div>
    </OrderStepForm>
  );
}

/** /mine/seller/cancelorderStepOne?id=: why the seller cancels (a reason from the list, and any words of their own). */
export default function SellerCancelStepOneScreen() {
  const t = useT();
  const order = useSellerOrder();
  return (
    <SellerStepFrame
      title={t('sellerOrders.cancel.title')}
      loaded={order}
      testId="seller-cancel"
      skeletonHeight={240}
      allowed={canSend('CANCEL')}
      notAllowed={() => t('orders.rules.notPossibleNow')}
    >
      {(data) => <CancelReasonForm id={order.id} order={data} />}
    </SellerStepFrame>
  );
}
