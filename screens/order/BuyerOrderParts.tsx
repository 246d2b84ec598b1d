import { useEffect, type ReactNode } from 'react';
import { useDateTime } from '../../src/app/orders/BuyerFormat';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useScreenQuery } from '../../src/app/navigation';
import { orderDetail } from '../../src/api/orders';
import type { OrderHistoryEntry, OrderItemView, OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './buyer.css';

/** Pieces shared by the buyer's order screens (one area: screens/order). */

/** The order named by `?id=`, loaded again each time the (kept-alive) screen is shown. */
export function useOrderFromQuery() {
  const id = useScreenQuery().get('id') ?? '';
  const resource = useResource<OrderView | null>(() => (/^\d+$/.test(id) ? orderDetail(id) : Promise.resolve(null)));
  const reload = resource.reload;
  useEffect(() => reload(), []);
  return { id, ...resource };
}

/** Header, then a skeleton, a failure with a retry, "no such order", or the screen's content. */
export function OrderFrame({ title, backTo, order, children }: { title: string; backTo?: string; order: ReturnType<typeof useOrderFromQuery>; children: (order: OrderView) => ReactNode }) {
  const t = useT();
  return (
    <>
      <ScreenHeader title={title} backTo={backTo} />
      <div className={screen}>
        {order.state === 'loading' && !order.data ? (
          <div aria-busy="true" className={css.list}>
            <div className={skeleton} style={{ height: 96 }} />
            <div className={skeleton} style={{ height: 140 }} />
            <div className={skeleton} style={{ height: 120 }} />
          </div>
        ) : order.state === 'failed' ? (
          <div className={css.empty} role="alert">
            <p className={muted}>{t('buyerOrders.loadFailed')}</p>
            <button type="button" className={button({ tone: 'secondary' })} onClick={order.retry} data-testid="order-retry">
              {t('app.retry')}
            </button>
          </div>
        ) : !order.data ? (
          <p className={muted} data-testid="order-missing">
            {t('buyerOrders.notFound')}
          </p>
        ) : (
          children(order.data)
        )}
      </div>
    </>
  );
}

export function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={css.row}>
      <span className={muted}>{label}</span>
      <span className={css.rowValue} data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className={`${card} ${css.section}`} data-testid={testId}>
      <h2 className={css.heading}>{title}</h2>
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
            <span className={muted}>{[item.specification, item.colour].filter(Boolean).join(' · ')}</span>
          </div>
          <div style={{ textAlign: 'end' }}>
            <div>{t('buyerOrders.detail.lineQuantity', { quantity: item.quantity, price: item.unitPrice })}</div>
            {item.shippingFee !== '0' && <small className={muted}>{t('buyerOrders.detail.lineShipping', { fee: item.shippingFee })}</small>}
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
  const when = useDateTime();
  if (history.length === 0) return <p className={muted}>{t('buyerOrders.detail.noHistory')}</p>;
  const newestFirst = [...history].reverse();
  return (
    <ol className={css.timeline} data-testid={testId}>
      {newestFirst.map((entry, index) => (
        <li key={`${entry.at}-${entry.event}-${index}`} className={css.step} data-testid="history-entry" data-event={entry.event}>
          <span className={css.stepDot} aria-hidden="true" />
          <strong>{t(`orders.events.${entry.event}`)}</strong>
          <small className={muted}>
            {t(`orders.parties.${entry.by}`)} · <time dateTime={entry.at}>{when(entry.at)}</time>
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
          {n <= score ? '★' : '☆'}
        </span>
      ))}
    </span>
  );
}
