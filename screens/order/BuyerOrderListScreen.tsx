import { Bdi } from '../../src/app/Isolate';
import { useEffect, useId, useState } from 'react';
import { go, useScreenQuery } from '../../src/app/navigation';
import { BuyerOrderIcon } from '../../src/app/orders/BuyerOrderIcon';
import { OrderTabs, PagerFooter, useAfterPages } from '../../src/app/orders/OrderParts';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { buyerOrders, orderBadges } from '../../src/api/orders';
import { buyerOrderTabs, type BuyerOrderTab } from '../../src/domain/orderRules';
import { orderStatusBuyerKey, orderStatusTone } from '../../src/domain/orderStatus';
import { orderCan } from '../../src/app/orders/orderCan';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, muted, screen, skeleton, ownDirection } from '../../src/theme/ui.css';
import * as css from './buyer.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import EmptyState from '../../src/app/EmptyState';
import { variantLabel } from '../../src/domain/variants';
import { Money } from '../../src/app/Money';

const tabs = Object.keys(buyerOrderTabs) as BuyerOrderTab[];
const isTab = (value: string | null): value is BuyerOrderTab => value !== null && (tabs as string[]).includes(value);

/** m:ss until an instant, ticking each second; 0:00 once it has passed. */
export function useCountdown(at: string): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((new Date(at).getTime() - now) / 1000));
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = String(left % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** An unpaid order's footer: the time left in its unpaid window, and Pay now. */
function PayNow({ order }: { order: OrderView }) {
  const t = useT();
  const left = useCountdown(order.expiresAt);
  return (
    <span className={css.payRow}>
      <span className={css.countdown} data-testid={`buyer-order-countdown-${order.id}`}>
        {t('buy.orders.payWithin', { time: left })}
      </span>
      <button type="button" className={button({ tone: 'primary' })} onClick={() => go(`/product/submit-order?orders=${order.id}`)} data-testid={`buyer-order-pay-${order.id}`}>
        {t('buy.orders.payNow')}
      </button>
    </span>
  );
}

/** The one or two steps of the order's state the card offers (the same as on the order's detail). */
function CardActions({ order }: { order: OrderView }) {
  const t = useT();
  if (order.viewer !== 'buyer') return null;
  if (order.status === 'unpaid') return <PayNow order={order} />;
  const can = orderCan(order);
  const actions = [
    can.has('CONFIRM_RECEIPT') && (
      <button key="check" type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/mine/check?id=${order.id}`)} data-testid={`buyer-order-check-${order.id}`}>
        {t('buyerOrders.actions.check')}
      </button>
    ),
    can.has('RATE') && (
      <button key="rate" type="button" className={button()} onClick={() => go(`/mine/order/rate?id=${order.id}`)} data-testid={`buyer-order-rate-${order.id}`}>
        {t('buyerOrders.actions.rate')}
      </button>
    ),
  ].filter(Boolean);
  return actions.length > 0 ? <span className={css.cardActions}>{actions}</span> : null;
}

/**
 * One order as a card (issue 33, finding 6): the shop, the first item's picture and name, its variant ×
 * quantity, the total, the status as a sentence in the buyer's words, and the state's one or two steps.
 * The order number and its exact time are on the order's detail.
 */
function OrderCard({ order }: { order: OrderView }) {
  const t = useT();
  const first = order.items[0];
  const more = order.items.length - 1;
  const variant = first ? variantLabel(first) : '';
  return (
    <div className={css.orderCard} data-testid={`buyer-order-card-${order.id}`}>
      <button type="button" className={css.cardOpen} onClick={() => go(`/mine/order/detail?id=${order.id}`)} data-testid={`buyer-order-${order.id}`} data-status={order.status}>
        <span className={css.cardHead}>
          <strong className={`${css.ellipsis} ${ownDirection}`} dir="auto">
            {order.sellerName}
          </strong>
          {order.unread && <span className={ordersCss.dot} role="img" aria-label={t('buyerOrders.list.unread')} data-testid={`buyer-order-unread-${order.id}`} />}
        </span>
        <span className={css.cardBody}>
          {order.image ? <img className={css.thumb} src={order.image} alt="" width={64} height={64} loading="lazy" /> : <span className={css.thumb} aria-hidden="true" />}
          <span className={css.grow}>
            <span className={`${css.ellipsis} ${ownDirection}`} dir="auto" data-testid={`buyer-order-name-${order.id}`}>
              {first?.title ?? '—'}
            </span>
            {first && (
              <small className={`${muted} ${css.ellipsis}`} data-testid={`buyer-order-variant-${order.id}`}>
                {variant && <Bdi>{variant}</Bdi>} <span className={css.amount}>× {first.quantity}</span>
              </small>
            )}
            {more > 0 && <small className={muted}>{t('buyerOrders.list.moreItems', { count: more })}</small>}
          </span>
          <span className={css.amount} data-testid={`buyer-order-total-${order.id}`}>
            <Money amount={order.totalAmount} />
          </span>
        </span>
        <span className={css.status} data-tone={orderStatusTone(order.status)} data-testid={`buyer-order-status-${order.id}`}>
          {t(orderStatusBuyerKey(order.status))}
        </span>
      </button>
      <CardActions order={order} />
    </div>
  );
}

function OrderList({ tab }: { tab: BuyerOrderTab }) {
  const t = useT();
  const pager = useAfterPages((after) => buyerOrders(tab, after));
  const first = pager.items.length === 0;
  return (
    <>
      {pager.state === 'loading' && first && (
        <div className={ordersCss.stack} aria-busy="true" data-testid="buyer-orders-loading">
          {[0, 1, 2].map((n) => (
            <div key={n} className={skeleton} style={{ height: 120 }} />
          ))}
        </div>
      )}
      {pager.state === 'end' && first && (
        <EmptyState icon="receipt" text={t(`buyerOrders.list.empty.${tab}`)} testId="buyer-orders-empty" action={{ label: t('buyerOrders.list.goShopping'), onClick: () => go('/index'), testId: 'buyer-orders-shop' }} />
      )}
      <div className={ordersCss.stack} role="list">
        {pager.items.map((order) => (
          <div role="listitem" key={order.id}>
            <OrderCard order={order} />
          </div>
        ))}
      </div>
      <PagerFooter pager={pager} moreLabel={t('buyerOrders.list.loadMore')} moreTestId="buyer-orders-more" failedText={t('buyerOrders.loadFailed')} retryTestId="buyer-orders-retry" />
    </>
  );
}

/** /mine/order/list and /mine/order/allOrderList (?tab=all|pendingShipment|shipped|unrated): my orders by tab, with badges. */
export default function BuyerOrderListScreen() {
  const t = useT();
  const query = useScreenQuery();
  const asked = query.get('tab');
  const [tab, setTab] = useState<BuyerOrderTab>(isTab(asked) ? asked : 'all');
  const ids = useId(); // one instance per kept-alive route and query
  const badges = useResource(orderBadges);
  const counts: Record<BuyerOrderTab, number> = {
    // All holds every order of the other tabs: its badge is their sum, never a different count (issue 37, finding 8).
    all: (badges.data?.buyer.toPay ?? 0) + (badges.data?.buyer.pendingShipment ?? 0) + (badges.data?.buyer.shipped ?? 0) + (badges.data?.buyer.unrated ?? 0),
    toPay: badges.data?.buyer.toPay ?? 0,
    pendingShipment: badges.data?.buyer.pendingShipment ?? 0,
    shipped: badges.data?.buyer.shipped ?? 0,
    unrated: badges.data?.buyer.unrated ?? 0,
  };
  return (
    <>
      <ScreenHeader title={t('buyerOrders.list.title')} backTo="/my" />
      <div className={screen}>
        <OrderTabs
          tabs={tabs}
          current={tab}
          onSelect={(key) => {
            setTab(key);
            badges.reload();
          }}
          label={t('buyerOrders.list.title')}
          idPrefix={`${ids}-tab-`}
          testIdPrefix="buyer-orders-tab-"
          panelId={`${ids}-panel`}
          className={css.tabs}
          tabClassName={css.tab}
          panelClassName={ordersCss.stack}
          tabContent={(key) => (
            <>
              {t(`buyerOrders.tabs.${key}`)}
              {counts[key] > 0 && (
                <span className={css.badge} data-testid={`buyer-orders-badge-${key}`} aria-label={t('buyerOrders.list.badge', { count: counts[key] })}>
                  {counts[key] > 99 ? '99+' : counts[key]}
                </span>
              )}
            </>
          )}
        >
          <OrderList key={tab} tab={tab} />
        </OrderTabs>
      </div>
    </>
  );
}
