import { Bdi } from '../../src/app/Isolate';
import { UnpaidCancelReason } from '../../src/domain/orderRules';
import { type ReactNode } from 'react';
import { orderAct, orderDetail } from '../../src/api/orders';
import { ConfirmDialog } from '../../src/app/ConfirmDialog';
import { go, useScreenQuery } from '../../src/app/navigation';
import { orderCan } from '../../src/app/orders/orderCan';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { orderStatusLabelKey } from '../../src/domain/orderStatus';
import type { OrderAction } from '../../src/domain/schemas/orders';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import { closedWithoutSale, DeadlineLine, ReasonDialog, useExpressLabel, When } from './SellerOrderParts';
import * as css from './sellerOrders.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { variantLabel } from '../../src/domain/variants';
import { Money } from '../../src/app/Money';
import { moneyText } from '../../src/app/moneyText';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className={`${card} ${ordersCss.section}`} aria-label={title} data-testid={testId}>
      <h2 className={ordersCss.heading}>{title}</h2>
      {children}
    </section>
  );
}

function Line({ label, value, testId, strong }: { label: string; value: ReactNode; testId?: string; strong?: boolean }) {
  return (
    <div className={ordersCss.row}>
      <span className={muted}>{label}</span>
      <span className={strong ? css.strong : undefined} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** Sends one step of the chart for this order, then shows the new state. */
function useAct(order: OrderView, onChanged: () => void) {
  const t = useT();
  return useSubmit(
    (action: OrderAction) => orderAct(order.id, action),
    undefined,
    (next) => {
      showToast(t('sellerOrders.detail.done', { status: t(orderStatusLabelKey(next.status)) }), 'success');
      onChanged();
    },
  );
}

/** The claims a buyer may open on an order, as their seller answers them: locale key parts, test ids, events. */
const claims = {
  refund: { name: 'Refund', testId: 'refund', agree: 'AGREE_REFUND', reject: 'REJECT_REFUND' },
} as const;

/** A refund or an after-sale the buyer opened: what they said, any rejection, and the answers the chart allows now. */
function ClaimSection({
  order,
  onChanged,
  claim,
  rejection,
  children,
}: {
  order: OrderView;
  onChanged: () => void;
  claim: keyof typeof claims;
  rejection: string | null;
  children: ReactNode;
}) {
  const t = useT();
  const can = orderCan(order);
  const act = useAct(order, onChanged);
  const { name, testId, agree, reject } = claims[claim];
  return (
    <Section title={t(`sellerOrders.detail.${claim}`)} testId={`seller-detail-${testId}`}>
      {children}
      {rejection ? <Line label={t('sellerOrders.detail.rejection')} value={rejection} testId={`seller-detail-${testId}-rejection`} /> : null}
      {can.has(agree) || can.has(reject) ? (
        <div className={css.cardActions} style={{ padding: 0 }}>
          {can.has(reject) ? (
            <ReasonDialog
              trigger={
                <button type="button" className={button({ tone: 'secondary' })} data-testid={`seller-reject-${testId}`}>
                  {t(`sellerOrders.actions.reject${name}`)}
                </button>
              }
              title={t(`sellerOrders.detail.reject${name}Title`)}
              body={t(`sellerOrders.detail.reject${name}Body`)}
              label={t('sellerOrders.detail.rejectReason')}
              confirmLabel={t(`sellerOrders.actions.reject${name}`)}
              testId={`seller-reject-${testId}`}
              send={(reason) => orderAct(order.id, { type: reject, reason })}
              onDone={() => {
                showToast(t(`sellerOrders.detail.${claim}Rejected`), 'success');
                onChanged();
              }}
            />
          ) : null}
          {can.has(agree) ? (
            <ConfirmDialog
              trigger={
                <button type="button" className={button({ tone: 'primary' })} disabled={act.submitting} data-testid={`seller-agree-${testId}`}>
                  {t(`sellerOrders.actions.agree${name}`)}
                </button>
              }
              title={t(`sellerOrders.detail.agree${name}Title`)}
              body={t(`sellerOrders.detail.agree${name}Body`, { amount: moneyText(order.totalAmount) })}
              confirmLabel={t(`sellerOrders.actions.agree${name}`)}
              tone="danger"
              onConfirm={() => act.submit({ type: agree })}
            />
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}

/** The order's own buttons, strictly what the chart lets the seller do now. */
function Actions({ order, onChanged }: { order: OrderView; onChanged: () => void }) {
  const t = useT();
  const can = orderCan(order);
  const act = useAct(order, onChanged);
  const buttons: ReactNode[] = [];
  if (can.has('CANCEL')) {
    buttons.push(
      <button key="cancel" type="button" className={button({ tone: 'ghost' })} onClick={() => go(`/mine/seller/cancelorderStepOne?id=${order.id}`)} data-testid="seller-detail-cancel">
        {t('sellerOrders.actions.cancel')}
      </button>,
    );
  }
  if (can.has('MARK_NO_SHIPPING')) {
    buttons.push(
      <ConfirmDialog
        key="no-shipping"
        trigger={
          <button type="button" className={button({ tone: 'ghost' })} disabled={act.submitting} data-testid="seller-detail-no-shipping">
            {t('sellerOrders.actions.noShipping')}
          </button>
        }
        title={t('sellerOrders.shipping.noShippingTitle')}
        body={t('sellerOrders.shipping.noShippingBody')}
        confirmLabel={t('sellerOrders.actions.noShipping')}
        onConfirm={() => act.submit({ type: 'MARK_NO_SHIPPING' })}
      />,
    );
  }
  if (can.has('EDIT_TRACKING')) {
    buttons.push(
      <button key="edit" type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/mine/seller/ship-order?id=${order.id}&edit=1`)} data-testid="seller-detail-edit-tracking">
        {t('sellerOrders.actions.editTracking')}
      </button>,
    );
  }
  if (can.has('RATE_BUYER')) {
    buttons.push(
      <button key="rate" type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/mine/seller/rate?id=${order.id}`)} data-testid="seller-detail-rate">
        {t('sellerOrders.actions.rateBuyer')}
      </button>,
    );
  }
  if (can.has('SHIP')) {
    buttons.push(
      <button key="ship" type="button" className={button({ tone: 'primary' })} onClick={() => go(`/mine/seller/ship-order?ids=${order.id}`)} data-testid="seller-detail-ship">
        {t('sellerOrders.actions.ship')}
      </button>,
    );
  }
  if (can.has('CONFIRM')) {
    buttons.push(
      <button key="confirm" type="button" className={button({ tone: 'primary' })} disabled={act.submitting} onClick={() => act.submit({ type: 'CONFIRM' })} data-testid="seller-detail-confirm">
        {t('sellerOrders.actions.confirm')}
      </button>,
    );
  }
  if (buttons.length === 0) return null;
  return (
    <div className={ordersCss.footer} data-testid="seller-detail-actions">
      {buttons}
    </div>
  );
}

function Detail({ order, onChanged }: { order: OrderView; onChanged: () => void }) {
  const t = useT();
  const expressLabel = useExpressLabel();
  const email = (order.delivery as { email?: string }).email;
  return (
    <>
      <div className={screen}>
        <section className={`${card} ${ordersCss.section}`} data-testid="seller-detail-head" data-status={order.status} data-stage={order.stage}>
          <div className={ordersCss.row}>
            <strong data-testid="seller-detail-number">{t('sellerOrders.card.number', { no: order.orderNo })}</strong>
            <span className={css.status} data-testid="seller-detail-status">
              {t(orderStatusLabelKey(order.status))}
            </span>
          </div>
          <Line label={t('sellerOrders.detail.created')} value={<When iso={order.createdAt} />} />
          {order.paidAt ? <Line label={t('sellerOrders.detail.paid')} value={<When iso={order.paidAt} />} /> : null}
          <DeadlineLine deadline={order.deadline} />
          {order.viewer !== 'seller' ? (
            <button type="button" className={button({ tone: 'ghost' })} onClick={() => go(`/mine/order/detail?id=${order.id}`)} data-testid="seller-detail-as-buyer">
              {t('sellerOrders.detail.asBuyer')}
            </button>
          ) : null}
        </section>

        <Section title={t('sellerOrders.detail.items')} testId="seller-detail-items">
          <div className={css.items}>
            {order.items.map((item) => (
              <div key={item.skuId} className={ordersCss.row} data-testid={`seller-detail-item-${item.skuId}`}>
                <span>
                  <span>{item.title}</span>
                  <br />
                  <Bdi className={css.small}>{variantLabel(item)}</Bdi>
                </span>
                <span>
                  <Money amount={item.unitPrice} /> × {item.quantity}
                </span>
              </div>
            ))}
          </div>
        </Section>

        <Section title={t('sellerOrders.detail.amounts')} testId="seller-detail-amounts">
          <Line label={t('sellerOrders.detail.goods')} value={<Money amount={order.goodsAmount} />} />
          <Line label={t('sellerOrders.detail.shippingFee')} value={<Money amount={order.shippingAmount} />} />
          <Line label={t('sellerOrders.detail.total')} value={<Money amount={order.totalAmount} />} testId="seller-detail-total" strong />
          <Line label={t('sellerOrders.detail.handlingFee')} value={<Money amount={`-${order.handlingFee}`} />} testId="seller-detail-fee" />
          {closedWithoutSale(order.status) ? (
            <Line label={t('sellerOrders.detail.income')} value={t('sellerOrders.detail.noIncome')} testId="seller-detail-income" />
          ) : (
            <Line label={t('sellerOrders.detail.income')} value={<Money amount={order.sellerIncome} />} testId="seller-detail-income" strong />
          )}
        </Section>

        <Section title={t('sellerOrders.detail.buyer')} testId="seller-detail-buyer">
          <Line label={t('sellerOrders.detail.buyerName')} value={order.buyerName} />
          <Line label={t('sellerOrders.detail.recipient')} value={order.delivery.name} />
          <Line label={t('sellerOrders.detail.phone')} value={<a href={`tel:${order.delivery.phone}`} dir="ltr">{order.delivery.phone}</a>} />
          <Line label={t('sellerOrders.detail.address')} value={[order.delivery.region, order.delivery.detail].filter(Boolean).join(', ')} />
          {email ? <Line label={t('sellerOrders.detail.email')} value={<a href={`mailto:${email}`} dir="ltr">{email}</a>} /> : null}
        </Section>

        {order.comments ? (
          <Section title={t('sellerOrders.detail.comments')} testId="seller-detail-comments">
            <p>{order.comments}</p>
          </Section>
        ) : null}

        {order.shipment ? (
          <Section title={t('sellerOrders.detail.shipment')} testId="seller-detail-shipment">
            {order.shipment.noShipping ? (
              <p>{t('sellerOrders.detail.noShipping')}</p>
            ) : (
              <>
                <Line label={t('sellerOrders.ship.company')} value={expressLabel(order.shipment.company)} testId="seller-detail-company" />
                <Line label={t('sellerOrders.ship.number')} value={<bdi dir="ltr">{order.shipment.number}</bdi>} testId="seller-detail-tracking" />
              </>
            )}
            {order.shipment.at ? <Line label={t('sellerOrders.detail.shippedAt')} value={<When iso={order.shipment.at} />} /> : null}
          </Section>
        ) : null}

        {order.cancel ? (
          <Section title={t('sellerOrders.detail.cancel')} testId="seller-detail-cancelinfo">
            <Line label={t('sellerOrders.detail.cancelBy')} value={t(`orders.parties.${order.cancel.by}`)} />
            {order.cancel.reason ? <Line label={t('sellerOrders.detail.cancelReason')} value={order.cancel.reason === UnpaidCancelReason.replaced ? t('buy.orders.replaced') : order.cancel.reason === UnpaidCancelReason.unpaid ? t('buy.orders.cancelledUnpaid') : order.cancel.reason} /> : null}
          </Section>
        ) : null}

        {order.refund ? (
          <ClaimSection order={order} onChanged={onChanged} claim="refund" rejection={order.refund.rejection}>
            <Line label={t('sellerOrders.detail.refundReason')} value={order.refund.reason} />
            <Line label={t('sellerOrders.detail.refundEmail')} value={<a href={`mailto:${order.refund.email}`} dir="ltr">{order.refund.email}</a>} />
          </ClaimSection>
        ) : null}
        {order.afterSale ? (
          <Section title={t('sellerOrders.detail.afterSale')} testId="seller-detail-aftersale">
            <a className={button({ tone: 'secondary' })} href={`#/mine/order/aftersale?case=${order.afterSale.caseId}`} data-testid="seller-open-aftersale">
              {t('afterSale.detail.open')}
            </a>
          </Section>
        ) : null}

        {order.buyerRating || order.sellerRating ? (
          <Section title={t('sellerOrders.detail.ratings')} testId="seller-detail-ratings">
            {order.buyerRating ? (
              <Line
                label={t('sellerOrders.detail.buyerRated')}
                value={`${t('buyerOrders.rate.scoreLabel', { score: order.buyerRating.score })}${order.buyerRating.comment ? ` · ${order.buyerRating.comment}` : ''}`}
              />
            ) : null}
            {order.sellerRating ? (
              <Line
                label={t('sellerOrders.detail.youRated')}
                value={`${t('buyerOrders.rate.scoreLabel', { score: order.sellerRating.score })}${order.sellerRating.comment ? ` · ${order.sellerRating.comment}` : ''}`}
                testId="seller-detail-your-rating"
              />
            ) : null}
          </Section>
        ) : null}

        {order.history.length > 0 ? (
          <Section title={t('sellerOrders.detail.history')} testId="seller-detail-history">
            <ol className={css.timeline}>
              {order.history.map((entry, i) => (
                <li key={`${entry.at}-${i}`} className={css.timelineItem} data-testid="seller-history-entry" data-event={entry.event}>
                  <span>{t(`orders.events.${entry.event}`)}</span>
                  <span className={css.small}>
                    {t(`orders.parties.${entry.by}`)} · <When iso={entry.at} />
                  </span>
                </li>
              ))}
            </ol>
          </Section>
        ) : null}
      </div>
      <Actions order={order} onChanged={onChanged} />
    </>
  );
}

/** /mine/seller/order-detail?id=: one order as its seller sees it, with what the chart lets the seller do now. */
export default function SellerOrderDetailScreen() {
  const t = useT();
  const id = useScreenQuery().get('id') ?? '';
  // Kept alive: shown again after shipping, cancelling or rating elsewhere, it reads the order afresh.
  const order = useResource(() => orderDetail(id));
  return (
    <>
      <ScreenHeader title={t('sellerOrders.detail.title')} backTo="/mine/seller/sellerallOrderList" />
      {order.state === 'loading' && !order.data ? (
        <div className={screen}>
          <div className={skeleton} style={{ height: 120 }} aria-busy="true" />
          <div className={skeleton} style={{ height: 160 }} />
          <div className={skeleton} style={{ height: 120 }} />
        </div>
      ) : null}
      {order.state === 'failed' ? (
        <div className={screen}>
          <button type="button" className={button({ tone: 'secondary', block: true })} onClick={order.retry} data-testid="seller-detail-retry">
            {t('sellerOrders.retry')}
          </button>
        </div>
      ) : null}
      {order.data && order.state !== 'failed' ? <Detail key={`${order.data.id}-${order.data.stage}-${order.data.history.length}`} order={order.data} onChanged={order.reload} /> : null}
    </>
  );
}
