import { useEffect } from 'react';
import { orderBadges } from '../../api/orders';
import type { BuyerOrderTab } from '../../domain/orderRules';
import { useT } from '../../i18n/react';
import { go } from '../navigation';
import { useResource } from '../useResource';
import { useAccountBalance } from './BuyerBalance';
import { BuyerOrderIcon } from './BuyerOrderIcon';
import * as css from './BuyerOrderShortcuts.css';
import * as ordersCss from './orders.css';
import { Icon } from '../Icon';

const shortcuts: BuyerOrderTab[] = ['toPay', 'pendingShipment', 'shipped', 'unrated', 'all'];

/**
 * The account tab's "My orders": four shortcuts into my orders by tab, each with its badge (what
 * changed). Shown only to a signed-in user; it also reads the account balance again when shown.
 */
export function BuyerOrderShortcuts() {
  const t = useT();
  const badges = useResource(orderBadges);
  const balance = useAccountBalance();
  const refreshBalance = balance.refresh;
  // The account tab is kept alive: the badges, and the balance (timers refund and pay out in the
  // background), are read again each time it is shown.
  useEffect(() => {
    void refreshBalance();
  }, []);
  const buyer = badges.data?.buyer;
  const count = (tab: BuyerOrderTab) => (tab === 'all' ? buyer?.unread : buyer?.[tab]) ?? 0;
  return (
    <section className={css.panel} aria-labelledby="buyer-orders-shortcuts">
      <div className={css.head}>
        <h2 id="buyer-orders-shortcuts" className={ordersCss.heading}>
          {t('buyerOrders.account.myOrders')}
        </h2>
        <button type="button" className={css.more} onClick={() => go('/mine/order/allOrderList')} data-testid="open-orders">
          {t('buyerOrders.account.viewAll')} <Icon name="forward" size={14} />
        </button>
      </div>
      <div className={css.grid}>
        {shortcuts.map((tab) => {
          const n = count(tab);
          return (
            <button key={tab} type="button" className={css.shortcut} onClick={() => go(`/mine/order/list?tab=${tab}`)} data-testid={`open-orders-${tab}`}>
              <span className={css.icon}>
                <BuyerOrderIcon tab={tab} />
              </span>
              <span>{t(`buyerOrders.tabs.${tab}`)}</span>
              {n > 0 && (
                <span className={css.badge} data-testid={`orders-badge-${tab}`} aria-label={t('buyerOrders.list.badge', { count: n })}>
                  {n > 99 ? '99+' : n}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </section>
  );
}
