import { sellerOrders } from '../../src/api/orders';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useT } from '../../src/i18n/react';
import { screen } from '../../src/theme/ui.css';
import { SellerOrderPagedList } from './SellerOrderParts';

/** /mine/seller/aftersale-list: the orders in after-sales, each opening the seller's order detail. */
export default function SellerAfterSaleListScreen() {
  const t = useT();
  return (
    <>
      <ScreenHeader title={t('sellerOrders.afterSales.title')} backTo="/seller/order/list" />
      <div className={screen}>
        <SellerOrderPagedList load={(page) => sellerOrders('afterSales', page)} emptyText={t('sellerOrders.empty.afterSales')} />
      </div>
    </>
  );
}
