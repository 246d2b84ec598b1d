import { go, useScreenQuery } from '../../src/app/navigation';
import { useDateTime } from '../../src/app/orders/BuyerFormat';
import { orderPageSize } from '../../src/app/orders/OrderParts';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { balanceDetails, orderDetail } from '../../src/api/orders';
import { orderStatusLabelKey } from '../../src/domain/orderStatus';
import type { BalanceMovementView, OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './balance.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { MovementRow } from './BalanceMovementRow';
import { Icon } from '../../src/app/Icon';
import { Money } from '../../src/app/Money';

/** One order's movements of the caller's balance (a handful: payment, refund or income). */
async function movementsOf(orderId: string): Promise<BalanceMovementView[]> {
  const found: BalanceMovementView[] = [];
  for (let after: string | undefined; ; ) {
    const list = await balanceDetails(after, orderId);
    found.push(...list);
    after = list.at(-1)?.id;
    if (list.length < orderPageSize || after === undefined) return found;
  }
}

async function loadOrderMoney(id: string): Promise<{ order: OrderView; movements: BalanceMovementView[] } | null> {
  if (!/^\d+$/.test(id)) return null;
  const [order, movements] = await Promise.all([orderDetail(id), movementsOf(id)]);
  return { order, movements };
}

function OrderMoney({ order, movements }: { order: OrderView; movements: BalanceMovementView[] }) {
  const t = useT();
  const when = useDateTime();
  const row = (label: string, value: string, testId: string) => (
    <div className={css.row}>
      <span className={muted}>{label}</span>
      <Money amount={value} strong testId={testId} />
    </div>
  );
  return (
    <>
      <section className={`${card} ${ordersCss.section}`} data-testid="balance-order-money">
        <h2 className={ordersCss.heading}>{t('balance.order.heading', { no: order.orderNo })}</h2>
        <div className={css.row}>
          <span className={muted}>{t('balance.order.status')}</span>
          <span>{t(orderStatusLabelKey(order.status))}</span>
        </div>
        <div className={css.row}>
          <span className={muted}>{t('balance.order.createdAt')}</span>
          <span>{when(order.createdAt)}</span>
        </div>
        {row(t('balance.order.total'), order.totalAmount, 'balance-order-total')}
        {row(t('balance.order.handlingFee'), order.handlingFee, 'balance-order-fee')}
        {row(t('balance.order.sellerIncome'), order.sellerIncome, 'balance-order-income')}
        {row(t('balance.order.paid'), order.paidAmount, 'balance-order-paid')}
        <p className={muted}>{t('balance.order.note')}</p>
        <button type="button" className={button({ tone: 'ghost' })} onClick={() => go(order.viewer === 'buyer' ? `/mine/order/detail?id=${order.id}` : `/mine/seller/order-detail?id=${order.id}`)} data-testid="balance-order-open">
          {t('balance.order.open')} <Icon name="forward" size={14} />
        </button>
      </section>
      <section className={ordersCss.section}>
        <h2 className={ordersCss.heading}>{t('balance.order.movements')}</h2>
        {movements.length === 0 ? (
          <p className={muted} data-testid="balance-order-none">
            {t('balance.order.none')}
          </p>
        ) : (
          <div className={css.list} role="list">
            {movements.map((m) => (
              <MovementRow key={m.id} movement={m} linkToOrder={false} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}

/** /mine/user/balancedetailsorder?id=: one order's money (total, handling fee, seller income, paid) and its balance movements. */
export default function BalanceDetailsOrderScreen() {
  const t = useT();
  const id = useScreenQuery().get('id') ?? '';
  const money = useResource(() => loadOrderMoney(id));
  return (
    <>
      <ScreenHeader title={t('balance.order.title')} backTo="/mine/user/balancedetails" />
      <div className={screen}>
        {money.state === 'loading' && !money.data ? (
          <div className={ordersCss.section} aria-busy="true">
            <div className={skeleton} style={{ height: 220 }} />
            <div className={skeleton} style={{ height: 120 }} />
          </div>
        ) : money.state === 'failed' ? (
          <div className={ordersCss.empty} role="alert">
            <p className={muted}>{t('balance.loadFailed')}</p>
            <button type="button" className={button({ tone: 'secondary' })} onClick={money.retry} data-testid="balance-order-retry">
              {t('app.retry')}
            </button>
          </div>
        ) : !money.data ? (
          <p className={muted} data-testid="balance-order-missing">
            {t('balance.order.missing')}
          </p>
        ) : (
          <OrderMoney order={money.data.order} movements={money.data.movements} />
        )}
      </div>
    </>
  );
}
