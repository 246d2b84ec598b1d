import { useEffect, useState } from 'react';
import { orderAct, orderBadges, orderConfirmList, orderMoneySummary } from '../../src/api/orders';
import { go } from '../../src/app/navigation';
import { orderCan } from '../../src/app/orders/orderCan';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { formatMoney, parseMoney } from '../../src/domain/money';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, screen, skeleton } from '../../src/theme/ui.css';
import { pi, SellerOrderPagedList } from './SellerOrderParts';
import * as css from './sellerOrders.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { Icon } from '../../src/app/Icon';

function MoneySummary() {
  const t = useT();
  const summary = useResource(orderMoneySummary);
  if (summary.state === 'loading' && !summary.data) return <div className={skeleton} style={{ height: 140 }} aria-busy="true" />;
  if (!summary.data) {
    return (
      <button type="button" className={button({ tone: 'secondary', block: true })} onClick={summary.retry} data-testid="seller-money-retry">
        {t('sellerOrders.retry')}
      </button>
    );
  }
  const m = summary.data;
  // Three figures that add up (issue 24): what is not yet available, what is, what was withdrawn.
  const total = formatMoney(parseMoney(m.notYetAvailable) + parseMoney(m.available) + parseMoney(m.withdrawn));
  const cell = (label: string, value: string, testId: string, note?: string) => (
    <div className={css.moneyCell}>
      <dt className={css.moneyLabel}>{label}</dt>
      <dd className={css.moneyValue} data-testid={testId}>
        {value}
      </dd>
      {note ? <dd className={css.moneyNote}>{note}</dd> : null}
    </div>
  );
  return (
    <section className={css.money} aria-labelledby="seller-money-title" data-testid="seller-money">
      <h2 id="seller-money-title" className={css.moneyTitle}>
        {t('sellerMoney.title')}
      </h2>
      <dl className={css.moneyFigures}>
        {cell(t('sellerMoney.notYetAvailable'), pi(m.notYetAvailable), 'seller-money-not-yet', t('sellerMoney.notYetAvailableNote', { count: m.pendingOrders }))}
        {cell(t('sellerMoney.available'), pi(m.available), 'seller-money-available', t('sellerMoney.availableNote'))}
        {cell(t('sellerMoney.withdrawn'), pi(m.withdrawn), 'seller-money-withdrawn', t('sellerMoney.withdrawnNote'))}
      </dl>
      <p className={css.moneyTotal} data-testid="seller-money-total">
        {t('sellerMoney.total', { amount: total })}
      </p>
      <p className={css.moneyNote} data-testid="seller-money-costs">
        {t('sellerMoney.costs', { fees: m.handlingFees, refunded: m.refunded })}
      </p>
    </section>
  );
}

function Shortcuts({ refreshKey }: { refreshKey: number }) {
  const t = useT();
  const badges = useResource(orderBadges);
  useEffect(() => badges.reload(), [refreshKey]);
  const seller = badges.data?.seller;
  const items = [
    { key: 'toConfirm', icon: 'clock', count: seller?.toConfirm ?? 0, to: '/mine/seller/sellerallOrderList?tab=toConfirm' },
    { key: 'pendingShipment', icon: 'box', count: seller?.pendingShipment ?? 0, to: '/mine/seller/shipping-order-list' },
    { key: 'refunds', icon: 'refund', count: seller?.refunds ?? 0, to: '/mine/seller/refundorderlist' },
    { key: 'afterSales', icon: 'tool', count: seller?.afterSales ?? 0, to: '/mine/seller/aftersale-list' },
  ] as const;
  return (
    <nav className={css.shortcuts} aria-label={t('sellerOrders.centre.shortcuts')}>
      {items.map((item) => (
        <button key={item.key} type="button" className={css.shortcut} onClick={() => go(item.to)} data-testid={`seller-shortcut-${item.key}`}>
          <span className={css.shortcutIcon}>
            <Icon name={item.icon} size={24} />
          </span>
          <span>{t(`sellerOrders.tabs.${item.key}`)}</span>
          {item.count > 0 ? (
            <span className={css.badge} data-testid={`seller-badge-${item.key}`} aria-label={t('sellerOrders.countLabel', { count: item.count })}>
              {item.count > 99 ? '99+' : item.count}
            </span>
          ) : null}
        </button>
      ))}
    </nav>
  );
}

function ConfirmActions({ order, onChanged }: { order: OrderView; onChanged: () => void }) {
  const t = useT();
  const can = orderCan(order);
  const confirm = useSubmit(
    () => orderAct(order.id, { type: 'CONFIRM' }),
    undefined,
    () => {
      showToast(t('sellerOrders.centre.confirmed', { no: order.orderNo }), 'success');
      onChanged();
    },
  );
  return (
    <>
      {can.has('CANCEL') ? (
        <button type="button" className={button({ tone: 'ghost' })} onClick={() => go(`/mine/seller/cancelorderStepOne?id=${order.id}`)} data-testid={`seller-cancel-${order.id}`}>
          {t('sellerOrders.actions.cancel')}
        </button>
      ) : null}
      {can.has('CONFIRM') ? (
        <button type="button" className={button({ tone: 'primary' })} disabled={confirm.submitting} onClick={() => confirm.submit(undefined)} data-testid={`seller-confirm-${order.id}`}>
          {t('sellerOrders.actions.confirm')}
        </button>
      ) : null}
    </>
  );
}

/** /seller/order/list: the seller centre — money from orders, shortcuts with counts, the orders to confirm. */
export default function SellerCentreScreen() {
  const t = useT();
  const [refreshKey, setRefreshKey] = useState(0);
  return (
    <>
      <ScreenHeader title={t('sellerOrders.centre.title')} backTo="/my" />
      <div className={screen}>
        <MoneySummary key={`money-${refreshKey}`} />
        <Shortcuts refreshKey={refreshKey} />
        <div className={ordersCss.row}>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go('/mine/seller/sellerallOrderList')} data-testid="seller-all-orders">
            {t('sellerOrders.centre.allOrders')}
          </button>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go('/mine/seller/shipping-order-list')} data-testid="seller-shipping">
            {t('sellerOrders.centre.shipping')}
          </button>
        </div>
        <section className={ordersCss.section} aria-labelledby="seller-to-confirm">
          <h2 id="seller-to-confirm" className={ordersCss.heading}>
            {t('sellerOrders.centre.toConfirm')}
          </h2>
          <p className={css.small}>{t('sellerOrders.centre.toConfirmHint')}</p>
          <SellerOrderPagedList
            key={`confirm-${refreshKey}`}
            load={orderConfirmList}
            emptyText={t('sellerOrders.centre.noneToConfirm')}
            render={(order) => ({ actions: <ConfirmActions order={order} onChanged={() => setRefreshKey((k) => k + 1)} /> })}
          />
        </section>
      </div>
    </>
  );
}
