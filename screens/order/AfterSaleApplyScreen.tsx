import { useId, useState } from 'react';
import { canSend } from '../../src/app/orders/OrderParts';
import { orderAct } from '../../src/api/orders';
import { afterSaleKinds, OrderTextLimits, type AfterSaleKind } from '../../src/domain/orderRules';
import { afterSaleIssue } from '../../src/domain/schemas/orders';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { muted } from '../../src/theme/ui.css';
import * as css from './buyer.css';
import { BuyerStepForm, OrderFrame, OrderSummary, useBuyerStep, useOrderFromQuery } from './BuyerOrderParts';


interface AfterSaleDraft {
  kind: AfterSaleKind | null;
  description: string;
}

function AfterSaleForm({ order }: { order: OrderView }) {
  const t = useT();
  const ids = useId();
  const [draft, setDraft] = useState<AfterSaleDraft>({ kind: null, description: '' });
  const send = useBuyerStep(
    order,
    (values: AfterSaleDraft) => orderAct(order.id, { type: 'APPLY_AFTER_SALE', kind: values.kind ?? 'refundOnly', description: values.description.trim() }),
    afterSaleIssue,
    'buyerOrders.afterSale.sent',
  );
  return (
    <BuyerStepForm step={send} onSubmit={() => send.submit(draft)} testId="after-sale" submitLabel={t('buyerOrders.afterSale.submit')}>
      <OrderSummary order={order} />
      <fieldset className={css.field}>
        <legend className={css.label}>{t('buyerOrders.afterSale.kind')}</legend>
        {afterSaleKinds.map((kind) => (
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
          maxLength={OrderTextLimits.description}
          value={draft.description}
          placeholder={t('buyerOrders.afterSale.descriptionPlaceholder')}
          onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
          data-testid="after-sale-description"
        />
      </label>
    </BuyerStepForm>
  );
}

/** /mine/order/aftersale?id=: apply for after-sales on a received order: refund only, or return and refund, with a description. */
export default function AfterSaleApplyScreen() {
  const t = useT();
  const order = useOrderFromQuery();
  return (
    <OrderFrame
      title={t('buyerOrders.afterSale.title')}
      order={order}
      allowed={canSend('APPLY_AFTER_SALE')}
      notPossible={() => t('buyerOrders.afterSale.notPossible')}
      testId="after-sale"
    >
      {(view) => <AfterSaleForm key={view.id} order={view} />}
    </OrderFrame>
  );
}
