import { useEffect, useState, type ReactNode } from 'react';
import { orderAct, orderConfirmList, orderMoneySummary, sellerTodayList } from '../../src/api/orders';
import { go } from '../../src/app/navigation';
import { orderCan } from '../../src/app/orders/orderCan';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { parseMoney } from '../../src/domain/money';
import type { OrderView, SellerTodayItem } from '../../src/domain/types/commerce';
import { useLanguage, useT } from '../../src/i18n/react';
import { button, screen, skeleton } from '../../src/theme/ui.css';
import { SellerOrderPagedList } from './SellerOrderParts';
import * as css from './sellerOrders.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { Icon } from '../../src/app/Icon';
import { ShopPerformance } from './ShopPerformance';
import { Money } from '../../src/app/Money';
import { moneyText } from '../../src/app/moneyText';
import { deadlineLevelClass } from '../../src/app/Deadline';
import { deadlineLevel, type DeadlineLevel } from '../../src/domain/deadlines';

function MoneySummary() {
  const t = useT();
  const summary = useResource(orderMoneySummary);
  if (summary.state === 'loading' && !summary.data) return <div className={`${skeleton} ${css.areaMoney}`} style={{ height: 140 }} aria-busy="true" />;
  if (!summary.data) {
    return (
      <button type="button" className={`${button({ tone: 'secondary', block: true })} ${css.areaMoney}`} onClick={summary.retry} data-testid="seller-money-retry">
        {t('sellerOrders.retry')}
      </button>
    );
  }
  const m = summary.data;
  // Three figures that add up (issue 24): what is not yet available, what is, what was withdrawn.
  const total = parseMoney(m.notYetAvailable) + parseMoney(m.available) + parseMoney(m.withdrawn);
  const cell = (label: string, value: ReactNode, testId: string, note?: string) => (
    <div className={css.moneyCell}>
      <dt className={css.moneyLabel}>{label}</dt>
      <dd className={css.moneyValue} data-testid={testId}>
        {value}
      </dd>
      {note ? <dd className={css.moneyNote}>{note}</dd> : null}
    </div>
  );
  return (
    <section className={`${css.money} ${css.areaMoney}`} aria-labelledby="seller-money-title" data-testid="seller-money">
      <h2 id="seller-money-title" className={css.moneyTitle}>
        {t('sellerMoney.title')}
      </h2>
      <dl className={css.moneyFigures}>
        {cell(t('sellerMoney.notYetAvailable'), <Money amount={m.notYetAvailable} />, 'seller-money-not-yet', t('sellerMoney.notYetAvailableNote', { count: m.pendingOrders }))}
        {cell(t('sellerMoney.available'), <Money amount={m.available} />, 'seller-money-available', t('sellerMoney.availableNote'))}
        {cell(t('sellerMoney.withdrawn'), <Money amount={m.withdrawn} />, 'seller-money-withdrawn', t('sellerMoney.withdrawnNote'))}
      </dl>
      <p className={css.moneyTotal} data-testid="seller-money-total">
        {t('sellerMoney.total', { amount: moneyText(total) })}
      </p>
      <p className={css.moneyNote} data-testid="seller-money-costs">
        {t('sellerMoney.costs', { fees: moneyText(m.handlingFees), refunded: moneyText(m.refunded) })}
      </p>
    </section>
  );
}

/** Time left until a deadline, in the reader's language and in the largest whole unit that fits ("23 h", "40 min", "2 days"). */
function timeLeft(dueAt: string, language: string, now = Date.now()): { text: string; level: DeadlineLevel } {
  const minutes = Math.max(0, Math.floor((new Date(dueAt).getTime() - now) / 60_000));
  const [value, unit] = minutes >= 48 * 60 ? [Math.floor(minutes / 1440), 'day'] : minutes >= 60 ? [Math.floor(minutes / 60), 'hour'] : [minutes, 'minute'];
  return { text: new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(value), level: deadlineLevel(dueAt, now) };
}

/**
 * What needs the seller today (issue 37, finding 2), as a to-do list read in one call: each line with its
 * count and the time left on the nearest deadline, the lines with nothing waiting kept quiet at the end.
 */
function TodayList({ refreshKey }: { refreshKey: number }) {
  const t = useT();
  const language = useLanguage();
  const today = useResource(sellerTodayList);
  useEffect(() => today.reload(), [refreshKey]);
  const d = today.data;
  if (!d) return <div className={`${skeleton} ${css.areaToday}`} style={{ height: 220 }} aria-busy={today.state === 'loading'} />;
  const lines: { key: string; icon: 'clock' | 'box' | 'refund' | 'tool' | 'chat'; item: SellerTodayItem; to: string }[] = [
    { key: 'toConfirm', icon: 'clock', item: d.toConfirm, to: '/mine/seller/sellerallOrderList?tab=toConfirm' },
    { key: 'toShip', icon: 'box', item: d.toShip, to: '/mine/seller/shipping-order-list' },
    { key: 'refunds', icon: 'refund', item: d.refunds, to: '/mine/seller/refundorderlist' },
    { key: 'afterSales', icon: 'tool', item: d.afterSales, to: '/mine/seller/aftersale-list' },
    { key: 'unreadChats', icon: 'chat', item: d.unreadChats, to: '/contactorList' },
  ];
  const waiting = lines.filter((l) => l.item.count > 0);
  const quiet = lines.filter((l) => l.item.count === 0);
  return (
    <>
      <section className={`${ordersCss.section} ${css.areaToday}`} aria-labelledby="seller-today-title" data-testid="seller-today">
        <h2 id="seller-today-title" className={ordersCss.heading}>
          {waiting.length ? t('sellerDay.today.title') : t('sellerDay.today.allDone')}
        </h2>
        <ul className={`${css.todo} ${css.todoWide}`}>
          {[...waiting, ...quiet].map(({ key, icon, item, to }) => {
            const left = item.dueAt ? timeLeft(item.dueAt, language) : null;
            return (
              <li key={key}>
                <button type="button" className={css.todoRow} data-waiting={item.count > 0} onClick={() => go(to)} data-testid={`seller-today-${key}`} data-count={item.count}>
                  <span className={css.todoIcon} aria-hidden="true">
                    <Icon name={icon} size={20} />
                  </span>
                  <span className={css.todoText}>
                    <span className={css.todoLabel}>{t(`sellerDay.today.${key}`, { count: item.count })}</span>
                    {item.count > 0 && left ? (
                      <span className={`${css.todoDue} ${deadlineLevelClass[left.level]}`} data-testid={`seller-today-${key}-due`} data-level={left.level}>
                        {t('sellerDay.today.timeLeft', { time: left.text })}
                      </span>
                    ) : null}
                  </span>
                  <Icon name="forward" size={16} />
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      {d.performance ? <ShopPerformance performance={d.performance} className={css.areaPerformance} /> : null}
    </>
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
      <div className={`${screen} ${css.centre}`}>
        <TodayList refreshKey={refreshKey} />
        <MoneySummary key={`money-${refreshKey}`} />
        <div className={`${ordersCss.row} ${css.areaLinks}`}>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go('/mine/seller/sellerallOrderList')} data-testid="seller-all-orders">
            {t('sellerOrders.centre.allOrders')}
          </button>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go('/mine/seller/shipping-order-list')} data-testid="seller-shipping">
            {t('sellerOrders.centre.shipping')}
          </button>
        </div>
        <section className={`${ordersCss.section} ${css.areaConfirm}`} aria-labelledby="seller-to-confirm">
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
