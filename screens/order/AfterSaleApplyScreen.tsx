import { useId, useState } from 'react';
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
import { OrderFrame, OrderSummary, useOrderFromQuery } from './BuyerOrderParts';
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
  const send = useSubmit(
    (values: AfterSaleDraft) => orderAct(order.id, { type: 'APPLY_AFTER_SALE', kind: values.kind ?? 'refundOnly', description: values.description.trim() }),
    afterSaleIssue,
    () => {
      showToast(t('buyerOrders.afterSale.sent'), 'success');
      go(`/mine/order/detail?id=${order.id}`, { replace: true });
    },
  );
  return (
    <OrderStepForm
      className={css.form}
      onSubmit={() => send.submit(draft)}
      problem={send.problem}
      problemClassName={ordersCss.problem}
      problemTestId="after-sale-problem"
      submitLabel={t('buyerOrders.afterSale.submit')}
      submitTestId="after-sale-submit"
      submitDisabled={send.submitting}
    >
      <OrderSummary order={order} />
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
    </OrderStepForm>
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
