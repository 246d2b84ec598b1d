import { useEffect, type ReactNode } from 'react';
import { go, useScreenQuery } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { Bdi } from '../../src/app/Isolate';
import { orderDetail } from '../../src/api/orders';
import { formatMoney, parseMoney } from '../../src/domain/money';
import { orderStatusLabelKey, orderStatusTone } from '../../src/domain/orderStatus';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, card, muted, ownDirection, screen, skeleton, title } from '../../src/theme/ui.css';
import * as css from './order.css';
import { Icon } from '../../src/app/Icon';
import { variantLabel } from '../../src/domain/variants';
import { Money } from '../../src/app/Money';
import { moneyText } from '../../src/app/moneyText';

function idsOf(query: URLSearchParams): string[] {
  return (query.get('orders') ?? '').split(',').filter((s) => /^\d+$/.test(s));
}

/** The orders of the result, read through the order detail API (the server answers the caller's own orders only). */
function useResultOrders(ids: string[]) {
  return useResource(() => Promise.all(ids.map((id) => orderDetail(id))));
}

/** The sum of the orders' totals, in the coin's units, formatted (trailing zeros dropped). */
function totalOf(orders: OrderView[]): string {
  return formatMoney(orders.reduce((sum, o) => sum + parseMoney(o.totalAmount), 0n));
}

/** Each order of the result, one per shop: the shop, then each line's picture, name, variant × quantity, and its status. */
function OrderGoods({ orders }: { orders: OrderView[] }) {
  const t = useT();
  return (
    <>
      {orders.map((o) => (
        <section key={o.id} className={`${card} ${css.section}`} aria-label={o.sellerName} data-testid={`result-order-${o.id}`}>
          <div className={css.row}>
            <h3 className={css.shopName}>
              <Icon name="store" />
              <Bdi>{o.sellerName}</Bdi>
            </h3>
            <span className={muted} data-testid={`result-status-${o.id}`}>
              {t(orderStatusLabelKey(o.status))}
            </span>
          </div>
          <ul className={css.lines}>
            {o.items.map((l) => (
              <li key={`${l.productId}-${l.skuId}`} className={css.line} data-testid={`result-line-${l.skuId}`}>
                {o.image ? <img className={css.lineThumb} src={o.image} alt="" width={64} height={64} /> : <span className={css.lineThumb} aria-hidden="true" />}
                <span className={css.lineInfo}>
                  <span className={`${css.lineTitle} ${ownDirection}`} dir="auto">
                    {l.title}
                  </span>
                  <span className={muted}>
                    <Bdi>{variantLabel(l)}</Bdi> {t('buy.checkout.quantity', { quantity: l.quantity })}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <div className={css.row}>
            <span className={muted}>{t('order.total')}</span>
            <Money amount={o.totalAmount} strong className={css.amount} />
          </div>
        </section>
      ))}
    </>
  );
}

/**
 * A result screen: the sign and the SPEC message, the amount (paid or not paid), the goods per shop, what
 * happens next, and the actions: the one that finishes the job first, then "Continue shopping". Start-aligned.
 */
function ResultFrame({ tone, heading, amount, loading, children, actions }: { tone: 'success' | 'danger'; heading: string; amount: ReactNode; loading: boolean; children?: ReactNode; actions: ReactNode }) {
  const t = useT();
  return (
    <>
      <ScreenHeader title={t('result.title')} backTo="/index" />
      <div className={`${screen} ${css.result}`}>
        <div className={css.resultHead}>
          <span className={css.resultSign({ tone })} aria-hidden="true">
            <Icon name={tone === 'success' ? 'check' : 'close'} size={28} />
          </span>
          <div className={css.resultHeadText}>
            <h2 className={title} data-testid="result-title">
              {heading}
            </h2>
            {amount}
          </div>
        </div>
        {loading ? <div className={skeleton} style={{ height: 96, width: '100%' }} aria-busy="true" /> : children}
        <div className={css.actions} data-testid="result-actions">
          {actions}
        </div>
      </div>
    </>
  );
}

/** /result/success: "Payment successful", Paid π X, the paid goods per shop, what happens next; View order first. */
export function SuccessScreen() {
  const t = useT();
  const ids = idsOf(useScreenQuery());
  const { data, state } = useResultOrders(ids);
  const orders = data ?? [];
  const paid = orders.filter((o) => orderStatusTone(o.status) !== 'toPay' && orderStatusTone(o.status) !== 'closed');
  const [only] = orders;
  return (
    <ResultFrame
      tone="success"
      heading={t('messages.paymentSuccessful')}
      loading={state === 'loading'}
      amount={
        paid.length > 0 && (
          <p className={css.resultAmount({ tone: 'success' })} data-testid="result-amount">
            {t('result.paid', { amount: moneyText(totalOf(paid)) })}
          </p>
        )
      }
      actions={
        <>
          <button
            type="button"
            className={button()}
            onClick={() => go(orders.length === 1 && only ? `/mine/order/detail?id=${only.id}` : '/mine/order/list?tab=pendingShipment')}
            data-testid="result-view-orders"
          >
            {t('result.viewOrder', { count: Math.max(ids.length, 1) })}
          </button>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go('/index')} data-testid="result-continue">
            {t('result.continue')}
          </button>
        </>
      }
    >
      <OrderGoods orders={orders} />
      {paid.length > 0 && (
        <p className={css.unpaidNote} data-testid="result-next">
          {t('result.next', { count: paid.length })}
        </p>
      )}
    </ResultFrame>
  );
}

/** /result/fail?reason=canceled|failed: the SPEC message, what was not paid (amount and goods), Pay now for the unpaid orders first. */
export function FailScreen() {
  const t = useT();
  const query = useScreenQuery();
  const ids = idsOf(query);
  const canceled = query.get('reason') === 'canceled';
  const { data, state } = useResultOrders(ids);
  const orders = data ?? [];
  const unpaid = orders.filter((o) => o.status === 'unpaid');
  return (
    <ResultFrame
      tone="danger"
      heading={canceled ? t('messages.paymentCanceled') : t('messages.paymentFailed')}
      loading={state === 'loading'}
      amount={
        unpaid.length > 0 && (
          <p className={css.resultAmount({ tone: 'danger' })} data-testid="result-amount">
            {t('result.notPaid', { amount: moneyText(totalOf(unpaid)) })}
          </p>
        )
      }
      actions={
        <>
          {unpaid.length > 0 && (
            <button type="button" className={button()} data-testid="result-pay-again" onClick={() => go(`/product/submit-order?orders=${unpaid.map((o) => o.id).join(',')}`)}>
              {t('buy.orders.payNow')}
            </button>
          )}
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go('/index')} data-testid="result-continue">
            {t('result.continue')}
          </button>
        </>
      }
    >
      {canceled ? null : <p className={muted}>{t('messages.paymentsError')}</p>}
      <OrderGoods orders={orders} />
      {unpaid.length > 0 && (
        <p className={css.unpaidNote} data-testid="result-unpaid-note">
          {t('result.unpaidNext', { count: unpaid.length })}
        </p>
      )}
    </ResultFrame>
  );
}

/** /result/waitresult: waits for the orders to show paid (the coin's completion may land a moment later), then moves on. */
export function WaitResultScreen() {
  const t = useT();
  const query = useScreenQuery();
  const ids = idsOf(query);
  const { data, reload } = useResource(() => Promise.all(ids.map((id) => orderDetail(id))));
  useEffect(() => {
    if (!data) return;
    if (data.length > 0 && data.every((o) => o.status !== 'unpaid')) {
      go(data.every((o) => o.status === 'paid') ? `/result/success?orders=${ids.join(',')}` : `/result/fail?reason=failed&orders=${ids.join(',')}`, { replace: true });
      return;
    }
    const timer = window.setTimeout(reload, 2000);
    return () => window.clearTimeout(timer);
  }, [data, ids, reload]);
  return (
    <>
      <ScreenHeader title={t('result.title')} />
      <div className={`${screen} ${css.result}`} role="status">
        <div className={skeleton} style={{ width: 48, height: 48, borderRadius: '50%' }} />
        <h2 className={title}>{t('result.waiting')}</h2>
      </div>
    </>
  );
}


