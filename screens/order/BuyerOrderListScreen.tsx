import { useEffect, useId, useState } from 'react';
import { go, useScreenQuery } from '../../src/app/navigation';
import { useDateTime } from '../../src/app/orders/BuyerFormat';
import { BuyerOrderIcon } from '../../src/app/orders/BuyerOrderIcon';
import { OrderTabs, PagerFooter, useAfterPages } from '../../src/app/orders/OrderParts';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { buyerOrders, orderBadges } from '../../src/api/orders';
import { buyerOrderTabs, type BuyerOrderTab } from '../../src/domain/orderRules';
import { orderStatusLabelKey, orderStatusTone } from '../../src/domain/orderStatus';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './buyer.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import EmptyState from '../../src/app/EmptyState';

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

/** One order as a card: the first item, the seller, the status, the total, and a dot when something changed; an unpaid one has its countdown and Pay now. */
function OrderCard({ order }: { order: OrderView }) {
  const t = useT();
  const when = useDateTime();
  const first = order.items[0];
  const more = order.items.length - 1;
  return (
    <div className={css.orderCard} data-testid={`buyer-order-card-${order.id}`}>
      <button type="button" className={css.cardOpen} onClick={() => go(`/mine/order/detail?id=${order.id}`)} data-testid={`buyer-order-${order.id}`} data-status={order.status}>
        <span className={css.cardHead}>
          <strong className={css.ellipsis}>{order.sellerName}</strong>
          <span className={css.status} data-tone={orderStatusTone(order.status)} data-testid={`buyer-order-status-${order.id}`}>
            {order.unread && <span className={ordersCss.dot} role="img" aria-label={t('buyerOrders.list.unread')} data-testid={`buyer-order-unread-${order.id}`} />}
            {t(orderStatusLabelKey(order.status))}
          </span>
        </span>
        <span className={css.cardBody}>
          {order.image ? <img className={css.thumb} src={order.image} alt="" width={64} height={64} loading="lazy" /> : <span className={css.thumb} aria-hidden="true" />}
          <span className={css.grow}>
            <span className={css.ellipsis}>{first?.title ?? '—'}</span>
            {more > 0 && <small className={muted}>{t('buyerOrders.list.moreItems', { count: more })}</small>}
            <small className={muted}>
              {t('buyerOrders.list.orderNo', { no: order.orderNo })} · <time dateTime={order.createdAt}>{when(order.createdAt)}</time>
            </small>
          </span>
          <span className={css.amount}>{order.totalAmount} π</span>
        </span>
      </button>
      {order.status === 'unpaid' && order.viewer === 'buyer' && <PayNow order={order} />}
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
    all: badges.data?.buyer.unread ?? 0,
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
