import { useState } from 'react';
import { sellerOrders } from '../../src/api/orders';
import { useScreenQuery } from '../../src/app/navigation';
import { OrderTabs } from '../../src/app/orders/OrderParts';
import { isSellerOrderTab, sellerTabList } from '../../src/app/orders/SellerOrderLogic';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import type { SellerOrderTab } from '../../src/domain/orderRules';
import { useT } from '../../src/i18n/react';
import { screen } from '../../src/theme/ui.css';
import { LoginFirst } from '../../src/app/LoginPanel';
import { SellerOrderPagedList } from './SellerOrderParts';
import * as css from './sellerOrders.css';

/**
 * /mine/seller/sellerallOrderList and /mine/seller/ordersaleslist: every order of the seller, by tab
 * (all, to confirm, pending shipment, shipped, refunds, after-sales, done). `?tab=` opens a tab.
 */
export default function SellerOrdersScreen() {
  const t = useT();
  const query = useScreenQuery();
  const asked = query.get('tab');
  const [tab, setTab] = useState<SellerOrderTab>(isSellerOrderTab(asked) ? asked : 'all');
  return (
    <>
      <ScreenHeader title={t('sellerOrders.all.title')} backTo="/seller/order/list" />
      <div className={screen}>
        <OrderTabs
          tabs={sellerTabList}
          current={tab}
          onSelect={setTab}
          label={t('sellerOrders.all.title')}
          idPrefix="seller-tab-"
          testIdPrefix="seller-tab-"
          panelId="seller-orders-panel"
          className={css.tabs}
          tabClassName={css.tab}
          tabContent={(key) => t(`sellerOrders.tabs.${key}`)}
        >
          {/* /mine/seller/ordersaleslist is public in SPEC 2: a visitor sees the login entry here. */}
          <LoginFirst>
            <SellerOrderPagedList key={tab} load={(after) => sellerOrders(tab, after)} emptyText={t(`sellerOrders.empty.${tab}`)} />
          </LoginFirst>
        </OrderTabs>
      </div>
    </>
  );
}
