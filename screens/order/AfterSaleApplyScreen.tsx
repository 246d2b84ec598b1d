import { useId, useState } from 'react';
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
import { afterSaleIssue, descriptionMax } from './buyerReasons';

type Kind = 'refundOnly' | 'returnAndRefund';
const kinds: Kind[] = ['refundOnly', 'returnAndRefund'];

interface AfterSaleDraft {
  kind: Kind | null;
  description: string;
}

function AfterSaleForm({ order }: { order: OrderView }) {
  const t = useT();
  const ids = useId();
  const [draft, setDraft] = useState<AfterSaleDraft>({ kind: null, description: '' });
  const possible = orderCan(order).has('APPLY_AFTER_SALE');
  const send = useSubmit(
    (values: AfterSaleDraft) => orderAct(order.id, { type: 'APPLY_AFTER_SALE', kind: values.kind ?? 'refundOnly', description: values.description.trim() }),
    (values) => (possible ? afterSaleIssue(values) : 'orders.rules.notPossibleNow'),
    () => {
      showToast(t('buyerOrders.afterSale.sent'), 'success');
      go(`/mine/order/detail?id=${order.id}`, { replace: true });
    },
  );
  if (!possible) {
    return (
      <div className={css.empty} data-testid="after-sale-not-possible">
        <p className={muted}>{t('buyerOrders.afterSale.notPossible')}</p>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/mine/order/detail?id=${order.id}`, { replace: true })} data-testid="after-sale-back-to-order">
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
      </section>
      <fieldset className={css.field}>
        <legend className={css.label}>{t('buyerOrders.afterSale.kind')}</legend>
        {kinds.map((kind) => (
          <label key={kind} className={css.option}>
            <input type="radio" name={`${ids}-kind`} checked={draft.kind === kind} onChange={() => setDraft((d) => ({ ...d, kind }))} data-testid={`after-sale-kind-${kind}`} />
            <span>
              {t(`buyerOrders.afterSale.kinds.${kind}`)}
              <br />
              <small className={muted}>{t(`buyerOrders.afterSale.kindHints.${kind}`)}</small>
            </span>
          </label>
        ))}
      </fieldset>
      <label className={css.field}>
        <span className={css.label}>{t('buyerOrders.afterSale.description')}</span>
        <textarea
          className={css.textarea}
          required
          aria-required="true"
          maxLength={descriptionMax}
          value={draft.description}
          placeholder={t('buyerOrders.afterSale.descriptionPlaceholder')}
          onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
          data-testid="after-sale-description"
        />
      </label>
      {send.problem && (
        <p className={css.problem} role="alert" data-testid="after-sale-problem">
          {t(send.problem)}
        </p>
      )}
      <button type="submit" className={button({ block: true })} disabled={send.submitting} data-testid="after-sale-submit">
        {t('buyerOrders.afterSale.submit')}
      </button>
    </form>
  );
}

/** /mine/order/aftersale?id=: apply for after-sales on a received order: refund only, or return and refund, with a description. */
export default function AfterSaleApplyScreen() {
  const t = useT();
  const order = useOrderFromQuery();
  return (
    <OrderFrame title={t('buyerOrders.afterSale.title')} order={order}>
      {(view) => <AfterSaleForm key={view.id} order={view} />}
    </OrderFrame>
  );
}
