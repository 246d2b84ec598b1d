import { useId, useState } from 'react';
import { orderDetail } from '../../src/api/orders';
import { go, useScreenQuery } from '../../src/app/navigation';
import { orderCan } from '../../src/app/orders/orderCan';
import { sellerCancelReasons, sellerCancelText, type SellerCancelReason } from '../../src/app/orders/SellerOrderLogic';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import { pi } from './SellerOrderParts';
import * as css from './sellerOrders.css';

/** /mine/seller/cancelorderStepOne?id=: why the seller cancels (a reason from the list, and any words of their own). */
export default function SellerCancelStepOneScreen() {
  const t = useT();
  const id = useScreenQuery().get('id') ?? '';
  const formId = useId();
  const order = useResource(() => orderDetail(id));
  const [reason, setReason] = useState<SellerCancelReason | null>(null);
  const [note, setNote] = useState('');
  const next = useSubmit(
    async (values: { reason: SellerCancelReason | null; note: string }) => sellerCancelText(t(`sellerOrders.cancel.reasons.${values.reason ?? 'other'}`), values.note),
    (values) => (values.reason === null ? 'orders.rules.reasonRequired' : null),
    (text) => go(`/mine/seller/cancelorderStepTwo?id=${encodeURIComponent(id)}&reason=${encodeURIComponent(text)}`),
  );
  const data = order.data;
  const allowed = data ? orderCan(data).has('CANCEL') : false;
  return (
    <>
      <ScreenHeader title={t('sellerOrders.cancel.title')} />
      <div className={screen}>
        {order.state === 'loading' && !data ? <div className={skeleton} style={{ height: 240 }} aria-busy="true" /> : null}
        {order.state === 'failed' ? (
          <button type="button" className={button({ tone: 'secondary', block: true })} onClick={order.retry} data-testid="seller-cancel-retry">
            {t('sellerOrders.retry')}
          </button>
        ) : null}
        {data && !allowed ? (
          <p className={muted} role="status" data-testid="seller-cancel-not-allowed">
            {t('orders.rules.notPossibleNow')}
          </p>
        ) : null}
        {data && allowed ? (
          <form
            className={css.form}
            onSubmit={(e) => {
              e.preventDefault();
              next.submit({ reason, note });
            }}
            data-testid="seller-cancel-form"
          >
            <p className={css.small}>{t('sellerOrders.cancel.step', { step: 1, of: 2 })}</p>
            <section className={`${card} ${css.section}`}>
              <div className={css.row}>
                <strong>{t('sellerOrders.card.number', { no: data.orderNo })}</strong>
                <span>{pi(data.totalAmount)}</span>
              </div>
              <span className={css.small}>{t('sellerOrders.card.buyer', { name: data.buyerName })}</span>
            </section>
            <fieldset className={css.form} style={{ border: 'none', padding: 0, margin: 0 }} aria-describedby={next.problem ? `${formId}-problem` : undefined}>
              <legend className={css.label}>{t('sellerOrders.cancel.chooseReason')}</legend>
              {sellerCancelReasons.map((key) => (
                <label key={key} className={css.choice}>
                  <input type="radio" name={`${formId}-reason`} value={key} checked={reason === key} onChange={() => setReason(key)} data-testid={`seller-cancel-reason-${key}`} />
                  <span>{t(`sellerOrders.cancel.reasons.${key}`)}</span>
                </label>
              ))}
            </fieldset>
            <div className={css.field}>
              <label htmlFor={`${formId}-note`} className={css.label}>
                {t('sellerOrders.cancel.note')}
              </label>
              <textarea id={`${formId}-note`} className={css.textarea} value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} data-testid="seller-cancel-note" />
            </div>
            {next.problem ? (
              <p id={`${formId}-problem`} className={css.problem} role="alert" data-testid="seller-cancel-problem">
                {t(next.problem)}
              </p>
            ) : null}
            <button type="submit" className={button({ block: true })} data-testid="seller-cancel-next">
              {t('sellerOrders.cancel.next')}
            </button>
          </form>
        ) : null}
      </div>
    </>
  );
}
