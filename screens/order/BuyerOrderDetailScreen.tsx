import { Time } from '../../src/app/Isolate';
import { UnpaidCancelReason } from '../../src/domain/orderRules';
import { ConfirmDialog } from '../../src/app/ConfirmDialog';
import { go } from '../../src/app/navigation';
import { useAccountBalance } from '../../src/app/orders/BuyerBalance';
import { useDateTime, windowSentence } from '../../src/app/orders/BuyerFormat';
import { orderCan } from '../../src/app/orders/orderCan';
import { showToast } from '../../src/app/toasts';
import { useSubmit } from '../../src/app/useSubmit';
import { afterSaleDetail } from '../../src/api/afterSale';
import { orderAct } from '../../src/api/orders';
import { useResource } from '../../src/app/useResource';
import { afterSaleStatusLabelKey, caseDeadlineKey } from '../../src/domain/afterSaleStatus';
import { orderStatusLabelKey } from '../../src/domain/orderStatus';
import type { OrderAction } from '../../src/domain/schemas/orders';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, muted } from '../../src/theme/ui.css';
import * as css from './buyer.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { OrderFrame, OrderItems, OrderTimeline, Row, Section, Stars, useExpressName, useOrderFromQuery } from './BuyerOrderParts';
import { Icon } from '../../src/app/Icon';
import { Money } from '../../src/app/Money';
import { Deadline } from '../../src/app/Deadline';

/** The status, and the running window as a sentence ("The seller confirms by …"). */

/**
 * Where the order's after-sale case stands, on the order itself (issue 24): its status and, after the
 * seller's rejection, the right to appeal with its deadline, instead of a bare "After-sales" link.
 */
function CaseStanding({ caseId }: { caseId: string }) {
  const t = useT();
  const { data } = useResource(() => afterSaleDetail(caseId));
  if (!data) return null;
  return (
    <div className={ordersCss.section} data-testid="order-case-standing">
      <strong data-testid="order-case-status">{t(afterSaleStatusLabelKey(data.status))}</strong>
      {data.can.includes('APPEAL') && data.deadline ? (
        <Deadline at={data.deadline.at} sentence={(at) => t('orderCase.appealRight', { at })} className={css.quote} testId="order-case-appeal" />
      ) : data.deadline ? (
        <Deadline at={data.deadline.at} sentence={(at) => t(caseDeadlineKey(data.viewer, data.deadline?.name ?? ''), { at })} />
      ) : null}
    </div>
  );
}
/** The order's banner says what the after-sale case waits for and until when (issue 37, finding 6), in the reader's words. */
function CaseBannerLine({ caseId }: { caseId: string }) {
  const t = useT();
  const { data } = useResource(() => afterSaleDetail(caseId));
  if (!data?.deadline) return null;
  return (
    <Deadline
      at={data.deadline.at}
      sentence={(at) => `${t(afterSaleStatusLabelKey(data.status))} · ${t(caseDeadlineKey(data.viewer, data.deadline?.name ?? ''), { at })}`}
      className={css.bannerNote}
      testId="order-banner-case"
      onBrand
    />
  );
}

function StatusBanner({ order }: { order: OrderView }) {
  const t = useT();
  return (
    <section className={ordersCss.banner} aria-live="polite">
      <h2 className={css.bannerTitle} data-testid="order-detail-status" data-status={order.status} data-stage={order.stage}>
        {t(orderStatusLabelKey(order.status))}
      </h2>
      {order.deadline && (
        <Deadline at={order.deadline.at} sentence={(at) => windowSentence(t, order.deadline?.name ?? '', at)} className={css.bannerNote} testId="order-detail-deadline" window={order.deadline.name} onBrand />
      )}
      {order.afterSale && <CaseBannerLine caseId={order.afterSale.caseId} />}
      {order.status === 'refundRejected' && <p className={css.bannerNote}>{t(`buyerOrders.detail.rejectedNote.${order.stage.split('.')[1] ?? 'onTheWay'}`)}</p>}
      {orderCan(order).has('CONFIRM_RECEIPT') && (
        <button type="button" className={css.bannerLink} onClick={() => go(`/mine/check?id=${order.id}`)} data-testid="order-check">
          {t('buyerOrders.actions.check')} <Icon name="forward" size={14} />
        </button>
      )}
    </section>
  );
}

/** The buttons of what the buyer may do now: only the events the order chart allows the buyer. */
function Actions({ order, onChanged }: { order: OrderView; onChanged: () => void }) {
  const t = useT();
  const balance = useAccountBalance();
  const can = orderCan(order);
  const act = useSubmit(
    (action: OrderAction) => orderAct(order.id, action),
    undefined,
    (view) => {
      showToast(t(view.status === 'canceled' ? 'buyerOrders.detail.canceledToast' : 'buyerOrders.detail.receivedToast'), 'success');
      if (view.status === 'canceled') void balance.refresh();
      onChanged();
    },
  );
  const unpaid = order.status === 'unpaid';
  const buttons = [
    unpaid && (
      <button key="pay" type="button" className={button()} onClick={() => go(`/product/submit-order?orders=${order.id}`)} data-testid="order-pay">
        {t('buyerOrders.actions.pay')}
      </button>
    ),
    can.has('CANCEL') &&
      (unpaid ? (
        <ConfirmDialog
          key="cancel"
          trigger={
            <button type="button" className={button({ tone: 'secondary' })} disabled={act.submitting} data-testid="order-cancel">
              {t('buyerOrders.actions.cancel')}
            </button>
          }
          title={t('buyerOrders.actions.cancelUnpaidTitle')}
          body={t('buyerOrders.actions.cancelUnpaidBody')}
          confirmLabel={t('buyerOrders.actions.cancelConfirm')}
          cancelLabel={t('sellerDay.keepOrder')}
          tone="danger"
          onConfirm={() => act.submit({ type: 'CANCEL', reason: UnpaidCancelReason.unpaid })}
        />
      ) : (
        <button key="cancel" type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/mine/user/userCancelorderStepOne?id=${order.id}`)} data-testid="order-cancel">
          {t('buyerOrders.actions.cancel')}
        </button>
      )),
    can.has('REQUEST_REFUND') && (
      <button
        key="refund"
        type="button"
        className={button({ tone: 'secondary' })}
        onClick={() => go(order.status === 'notShipped' ? `/mine/user/userCancelorderStepOne?id=${order.id}` : `/mine/order/refundreason?id=${order.id}`)}
        data-testid="order-request-refund"
      >
        {t('buyerOrders.actions.requestRefund')}
      </button>
    ),
    can.has('CONFIRM_RECEIPT') && (
      <ConfirmDialog
        key="receipt"
        trigger={
          <button type="button" className={button()} disabled={act.submitting} data-testid="order-confirm-receipt">
            {t('buyerOrders.actions.confirmReceipt')}
          </button>
        }
        title={t('buyerOrders.actions.confirmReceiptTitle')}
        body={t('buyerOrders.actions.confirmReceiptBody')}
        confirmLabel={t('buyerOrders.actions.confirmReceipt')}
        onConfirm={() => act.submit({ type: 'CONFIRM_RECEIPT' })}
      />
    ),
    can.has('RATE') && (
      <button key="rate" type="button" className={button()} onClick={() => go(`/mine/order/rate?id=${order.id}`)} data-testid="order-rate">
        {t('buyerOrders.actions.rate')}
      </button>
    ),
    can.has('APPLY_AFTER_SALE') && (
      <button key="aftersale" type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/mine/order/aftersale?id=${order.id}`)} data-testid="order-after-sale">
        {t('buyerOrders.actions.afterSale')}
      </button>
    ),
  ].filter(Boolean);
  if (buttons.length === 0) return null;
  return (
    <div className={css.footer} role="group" aria-label={t('buyerOrders.detail.actions')}>
      {buttons}
    </div>
  );
}

function Shipment({ order }: { order: OrderView }) {
  const t = useT();
  const when = useDateTime();
  const express = useExpressName();
  const shipment = order.shipment;
  if (!shipment) return null;
  return (
    <Section title={t('buyerOrders.detail.shipment')} testId="order-shipment">
      {shipment.noShipping ? (
        <p className={muted} data-testid="order-no-shipping">
          {t('buyerOrders.detail.noShipping')}
        </p>
      ) : (
        <>
          <Row label={t('buyerOrders.detail.company')} testId="order-express-company">
            {express(shipment.company)}
          </Row>
          <Row label={t('buyerOrders.detail.number')} testId="order-express-number">
            <span className={css.mono}>{shipment.number}</span>
          </Row>
        </>
      )}
      {shipment.at && <Row label={t('buyerOrders.detail.shippedAt')}>{when(shipment.at)}</Row>}
      <button type="button" className={button({ tone: 'ghost' })} onClick={() => go(`/mine/viewLogisticsDetail?id=${order.id}`)} data-testid="order-logistics">
        {t('buyerOrders.detail.logistics')} <Icon name="forward" size={14} />
      </button>
    </Section>
  );
}

/** Cancellation, refund, after-sales and ratings: whichever the order has. */
function Outcomes({ order }: { order: OrderView }) {
  const t = useT();
  return (
    <>
      {order.cancel && (
        <Section title={t('buyerOrders.detail.cancellation')} testId="order-cancel-info">
          <Row label={t('buyerOrders.detail.by')}>{t(`orders.parties.${order.cancel.by}`)}</Row>
          {order.cancel.reason === UnpaidCancelReason.replaced ? (
            <p className={css.quote} data-testid="order-replaced">
              {t('buy.orders.replaced')}
            </p>
          ) : (
            order.cancel.reason && order.cancel.reason !== UnpaidCancelReason.unpaid && <p className={css.quote}>{order.cancel.reason}</p>
          )}
        </Section>
      )}
      {order.refund && (
        <Section title={t('buyerOrders.detail.refund')} testId="order-refund-info">
          <Row label={t('buyerOrders.detail.reason')}>{order.refund.reason}</Row>
          <Row label={t('buyerOrders.detail.email')}>{order.refund.email}</Row>
          {order.refund.rejection && (
            <Row label={t('buyerOrders.detail.rejection')} testId="order-refund-rejection">
              {order.refund.rejection}
            </Row>
          )}
        </Section>
      )}
      {order.afterSale && (
        <Section title={t('buyerOrders.detail.afterSale')} testId="order-after-sale-info">
          <CaseStanding key={order.afterSale.caseId} caseId={order.afterSale.caseId} />
          <a className={button({ tone: 'secondary' })} href={`#/mine/order/aftersale?case=${order.afterSale.caseId}`} data-testid="order-open-after-sale">
            {t('afterSale.detail.open')}
          </a>
        </Section>
      )}
      {(order.buyerRating || order.sellerRating) && (
        <Section title={t('buyerOrders.detail.ratings')} testId="order-ratings">
          {order.buyerRating && (
            <div className={ordersCss.section} data-testid="order-my-rating">
              <Row label={t('buyerOrders.detail.myRating')}>
                <Stars score={order.buyerRating.score} />
              </Row>
              {order.buyerRating.comment && <p className={css.quote}>{order.buyerRating.comment}</p>}
              {order.buyerRating.anonymous && <small className={muted}>{t('buyerOrders.detail.anonymous')}</small>}
            </div>
          )}
          {order.sellerRating && (
            <div className={ordersCss.section} data-testid="order-seller-rating">
              <Row label={t('buyerOrders.detail.sellerRating')}>
                <Stars score={order.sellerRating.score} />
              </Row>
              {order.sellerRating.comment && <p className={css.quote}>{order.sellerRating.comment}</p>}
            </div>
          )}
        </Section>
      )}
    </>
  );
}

function Detail({ order, onChanged }: { order: OrderView; onChanged: () => void }) {
  const t = useT();
  const when = useDateTime();
  return (
    <>
      <StatusBanner order={order} />
      <Section title={t('buyerOrders.detail.items')} testId="order-items">
        <strong>{order.sellerName}</strong>
        <OrderItems items={order.items} />
        <button type="button" className={button({ tone: 'ghost' })} onClick={() => go(`/chatRoom?seller=${order.sellerId}&order=${order.id}`)} data-testid="order-chat">
          {t('chat.entry.contactSeller')} <Icon name="forward" size={14} />
        </button>
        <button type="button" className={button({ tone: 'ghost' })} onClick={() => go(`/workorder/workorderadd?orderNo=${encodeURIComponent(order.orderNo)}`)} data-testid="order-workorder">
          {t('workOrder.fileForOrder')} <Icon name="forward" size={14} />
        </button>
      </Section>
      <Section title={t('buyerOrders.detail.amounts')} testId="order-amounts">
        <Row label={t('buyerOrders.detail.goods')}><Money amount={order.goodsAmount} /></Row>
        <Row label={t('buyerOrders.detail.shipping')}><Money amount={order.shippingAmount} /></Row>
        <Row label={t('buyerOrders.detail.total')} testId="order-total-amount">
          <Money amount={order.totalAmount} strong />
        </Row>
        {order.paidAt && <Row label={t('buyerOrders.detail.paid')} testId="order-paid-amount"><Money amount={order.paidAmount} /></Row>}
      </Section>
      <Section title={t('buyerOrders.detail.delivery')} testId="order-delivery">
        <strong>
          {order.delivery.name} · {order.delivery.phone}
        </strong>
        <span className={muted}>
          {order.delivery.region}
          {order.delivery.detail ? ` · ${order.delivery.detail}` : ''}
        </span>
      </Section>
      <Shipment order={order} />
      <Outcomes order={order} />
      <Section title={t('buyerOrders.detail.info')} testId="order-info">
        <Row label={t('buyerOrders.detail.orderNo')} testId="order-number">
          <span className={css.mono}>{order.orderNo}</span>
        </Row>
        <Row label={t('buyerOrders.detail.createdAt')}>
          <Time iso={order.createdAt} />
        </Row>
        <Row label={t('buyerOrders.detail.method')}>{order.paymentMethod ? t(`order.methods.${order.paymentMethod}`) : '—'}</Row>
        <Row label={t('buyerOrders.detail.paidAt')}>
          <Time iso={order.paidAt} />
        </Row>
        {order.comments && <Row label={t('buyerOrders.detail.comments')}>{order.comments}</Row>}
      </Section>
      <Section title={t('buyerOrders.detail.history')}>
        <OrderTimeline history={order.history} />
      </Section>
      <Actions key={`${order.id}-${order.stage}`} order={order} onChanged={onChanged} />
    </>
  );
}

/** /mine/order/detail?id=: everything about one of my orders, and what I may do with it now. */
export default function BuyerOrderDetailScreen() {
  const t = useT();
  const order = useOrderFromQuery();
  return (
    <OrderFrame title={t('buyerOrders.detail.title')} backTo="/mine/order/list" order={order}>
      {(view) => <Detail order={view} onChanged={order.reload} />}
    </OrderFrame>
  );
}
