import { Bdi, Time } from '../../src/app/Isolate';
import { Radio } from '../../src/app/FormControls';
import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import { useGate } from '../../src/app/gateContext';
import { go, useScreenQuery } from '../../src/app/navigation';
import { OrderStepForm, OrderStepFrame, type OrderStepFrameProps } from '../../src/app/orders/OrderParts';
import { showToast } from '../../src/app/toasts';
import { useSubmit } from '../../src/app/useSubmit';
import { useResource } from '../../src/app/useResource';
import { orderDetail } from '../../src/api/orders';
import type { OrderHistoryEntry, OrderItemView, OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, card, muted, skeleton } from '../../src/theme/ui.css';
import * as css from './buyer.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { OrderTextLimits } from '../../src/domain/orderRules';
import type { ReasonDraft, ReasonKey } from './buyerReasons';
import { Icon } from '../../src/app/Icon';
import { variantLabel } from '../../src/domain/variants';
import { Money } from '../../src/app/Money';
import { moneyText } from '../../src/app/moneyText';

/** Pieces shared by the buyer's order screens (one area: screens/order). */

/** The order named by `?id=`, loaded again each time the (kept-alive) screen is shown. */
export function useOrderFromQuery() {
  const id = useScreenQuery().get('id') ?? '';
  const resource = useResource<OrderView | null>(() => (/^\d+$/.test(id) ? orderDetail(id) : Promise.resolve(null)));
  return { id, ...resource };
}

/**
 * Header, then a skeleton, a failure with a retry, "no such order", or the screen's content. A step on
 * the order passes `allowed` (asked of the order chart) and `notPossible`, said with the way back to the
 * order when the step cannot be taken now (test ids `${testId}-not-possible`, `${testId}-back-to-order`).
 */
export function OrderFrame({
  order,
  notPossible,
  testId,
  ...frame
}: Pick<OrderStepFrameProps<OrderView>, 'title' | 'backTo' | 'allowed' | 'children'> & {
  order: ReturnType<typeof useOrderFromQuery>;
  notPossible?: (order: OrderView) => string;
  testId?: string;
}) {
  const t = useT();
  return (
    <OrderStepFrame
      {...frame}
      loaded={order}
      loading={
        <div aria-busy="true" className={ordersCss.stack}>
          <div className={skeleton} style={{ height: 96 }} />
          <div className={skeleton} style={{ height: 140 }} />
          <div className={skeleton} style={{ height: 120 }} />
        </div>
      }
      failed={
        <div className={ordersCss.empty} role="alert">
          <p className={muted}>{t('buyerOrders.loadFailed')}</p>
          <button type="button" className={button({ tone: 'secondary' })} onClick={order.retry} data-testid="order-retry">
            {t('app.retry')}
          </button>
        </div>
      }
      missing={
        <p className={muted} data-testid="order-missing">
          {t('buyerOrders.notFound')}
        </p>
      }
      notPossible={(view) => (
        <div className={ordersCss.empty} data-testid={`${testId}-not-possible`}>
          <p className={muted}>{notPossible?.(view)}</p>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/mine/order/detail?id=${view.id}`, { replace: true })} data-testid={`${testId}-back-to-order`}>
            {t('buyerOrders.cancel.backToOrder')}
          </button>
        </div>
      )}
    />
  );
}

/** The order a step is about: its number, what was ordered and the total, then any words of the step. */
export function OrderSummary({ order, children }: { order: OrderView; children?: ReactNode }) {
  const t = useT();
  return (
    <section className={`${card} ${ordersCss.section}`}>
      <Row label={t('buyerOrders.detail.orderNo')}>{order.orderNo}</Row>
      <OrderItems items={order.items} />
      <Row label={t('buyerOrders.detail.total')}>
        <Money amount={order.totalAmount} strong />
      </Row>
      {children}
    </section>
  );
}

export function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={ordersCss.row}>
      <span className={muted}>{label}</span>
      <span className={css.rowValue} data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className={`${card} ${ordersCss.section}`} data-testid={testId}>
      <h2 className={ordersCss.heading}>{title}</h2>
      {children}
    </section>
  );
}

/** What was ordered: each line with its specification, colour, quantity and price. */
export function OrderItems({ items, testPrefix = 'order-item' }: { items: OrderItemView[]; testPrefix?: string }) {
  const t = useT();
  return (
    <div>
      {items.map((item) => (
        <div key={`${item.productId}-${item.skuId}`} className={css.item} data-testid={`${testPrefix}-${item.skuId}`}>
          <div className={css.grow}>
            <strong>{item.title}</strong>
            <Bdi className={muted} testId="order-item-variant">{variantLabel(item)}</Bdi>
          </div>
          <div style={{ textAlign: 'end' }}>
            <div>{t('buyerOrders.detail.lineQuantity', { quantity: item.quantity, price: moneyText(item.unitPrice) })}</div>
            {item.shippingFee !== '0' && <small className={muted}>{t('buyerOrders.detail.lineShipping', { fee: moneyText(item.shippingFee) })}</small>}
          </div>
        </div>
      ))}
    </div>
  );
}

/** The express company's name (the "Other" choice is translated). */
export function useExpressName(): (company: string) => string {
  const t = useT();
  return (company) => (company === 'Other' ? t('orders.express.Other') : company);
}

/** Every change of the order, newest first, as a timeline. */
export function OrderTimeline({ history, testId = 'order-history' }: { history: OrderHistoryEntry[]; testId?: string }) {
  const t = useT();
  if (history.length === 0) return <p className={muted}>{t('buyerOrders.detail.noHistory')}</p>;
  const newestFirst = [...history].reverse();
  return (
    <ol className={css.timeline} data-testid={testId}>
      {newestFirst.map((entry, index) => (
        <li key={`${entry.at}-${entry.event}-${index}`} className={css.step} data-testid="history-entry" data-event={entry.event}>
          <span className={css.stepDot} aria-hidden="true" />
          <strong>{t(`orders.events.${entry.event}`)}</strong>
          <small className={muted}>
            {t(`orders.parties.${entry.by}`)} · <Time iso={entry.at} />
          </small>
        </li>
      ))}
    </ol>
  );
}

/** A score of 1 to 5 as stars, with its text for screen readers. */
export function Stars({ score }: { score: number }) {
  const t = useT();
  return (
    <span role="img" aria-label={t('buyerOrders.rate.scoreLabel', { score })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= score ? css.starFilled : undefined}>
          <Icon name="star" size={16} filled={n <= score} />
        </span>
      ))}
    </span>
  );
}

/** The signed-in user's e-mail, to prefill the refund form. */
export function useUserEmail(): string {
  const gate = useGate();
  return useSelector(gate, (s) => s.context.userInfo?.email ?? '');
}

/** A reason from a list (radio buttons), optional words of one's own, and the e-mail when a refund is asked. */
export function ReasonFields({ reasons, draft, onChange, withEmail }: { reasons: readonly ReasonKey[]; draft: ReasonDraft; onChange: (draft: ReasonDraft) => void; withEmail: boolean }) {
  const t = useT();
  const id = useId();
  return (
    <>
      <fieldset className={css.field}>
        <legend className={css.label}>{t('buyerOrders.reasons.legend')}</legend>
        {reasons.map((key) => (
          <label key={key} className={css.option}>
            <Radio name={`${id}-reason`} checked={draft.reason === key} onChange={() => onChange({ ...draft, reason: key })} data-testid={`reason-${key}`} />
            <span>{t(`buyerOrders.reasons.${key}`)}</span>
          </label>
        ))}
      </fieldset>
      <label className={css.field}>
        <span className={css.label}>{t('buyerOrders.reasons.note')}</span>
        <textarea className={css.textarea} maxLength={OrderTextLimits.note} value={draft.note} onChange={(e) => onChange({ ...draft, note: e.target.value })} placeholder={t('buyerOrders.reasons.notePlaceholder')} data-testid="reason-note" />
      </label>
      {withEmail && (
        <label className={css.field}>
          <span className={css.label}>{t('buyerOrders.reasons.email')}</span>
          <input className={ordersCss.input} type="email" autoComplete="email" value={draft.email} onChange={(e) => onChange({ ...draft, email: e.target.value })} data-testid="reason-email" />
          <small className={muted}>
            {t('buyerOrders.reasons.emailHint')}
          </small>
        </label>
      )}
    </>
  );
}

/** A buyer's step on one order, sent through the form chart; when it is taken, a toast and back to the order. */
export function useBuyerStep<V>(order: OrderView, send: (values: V) => Promise<unknown>, check: (values: V) => string | null, doneKey: string) {
  const t = useT();
  return useSubmit(send, check, () => {
    showToast(t(doneKey), 'success');
    go(`/mine/order/detail?id=${order.id}`, { replace: true });
  });
}

/** The form of a buyer's step, in the buyer's look; `testId` names its problem line (`-problem`) and button (`-submit`). */
export function BuyerStepForm(props: { step: { problem: string | null; submitting: boolean }; onSubmit: () => void; testId: string; submitLabel: string; children: ReactNode }) {
  return (
    <OrderStepForm
      className={css.form}
      onSubmit={props.onSubmit}
      problem={props.step.problem}
      problemClassName={ordersCss.problem}
      problemTestId={`${props.testId}-problem`}
      submitLabel={props.submitLabel}
      submitTestId={`${props.testId}-submit`}
      submitDisabled={props.step.submitting}
    >
      {props.children}
    </OrderStepForm>
  );
}
