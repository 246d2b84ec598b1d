import { useState } from 'react';
import { sellerOrders } from '../../src/api/orders';
import { useScreenQuery } from '../../src/app/navigation';
import { isSellerOrderTab, sellerTabList } from '../../src/app/orders/SellerOrderLogic';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import type { SellerOrderTab } from '../../src/domain/orderRules';
import { useT } from '../../src/i18n/react';
import { screen } from '../../src/theme/ui.css';
import { SellerOrderPagedList, useLoginFirst } from './SellerOrderParts';
import * as css from './sellerOrders.css';

/**
 * /mine/seller/sellerallOrderList and /mine/seller/ordersaleslist: every order of the seller, by tab
 * (all, to confirm, pending shipment, shipped, refunds, after-sales, done). `?tab=` opens a tab.
 */
export default function SellerOrdersScreen() {
  const t = useT();
  const query = useScreenQuery();
  // /mine/seller/ordersaleslist is public in SPEC 2: a visitor is asked to log in.
  const loggedIn = useLoginFirst();
  const asked = query.get('tab');
  const [tab, setTab] = useState<SellerOrderTab>(isSellerOrderTab(asked) ? asked : 'all');
  return (
    <>
      <ScreenHeader title={t('sellerOrders.all.title')} backTo="/seller/order/list" />
      <div className={screen}>
        <div className={css.tabs} role="tablist" aria-label={t('sellerOrders.all.title')}>
          {sellerTabList.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              id={`seller-tab-${key}`}
              aria-selected={key === tab}
              aria-controls="seller-orders-panel"
              className={css.tab}
              onClick={() => setTab(key)}
              data-testid={`seller-tab-${key}`}
            >
              {t(`sellerOrders.tabs.${key}`)}
            </button>
          ))}
        </div>
        <div id="seller-orders-panel" role="tabpanel" aria-labelledby={`seller-tab-${tab}`}>
          {loggedIn ? <SellerOrderPagedList key={tab} load={(page) => sellerOrders(tab, page)} emptyText={t(`sellerOrders.empty.${tab}`)} /> : null}
        </div>
      </div>
    </>
  );
}
