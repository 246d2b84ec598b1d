import { sellerOrders } from '../../src/api/orders';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useT } from '../../src/i18n/react';
import { screen } from '../../src/theme/ui.css';
import { LoginFirst } from '../../src/app/LoginPanel';
import { SellerOrderPagedList } from './SellerOrderParts';

/**
 * /mine/seller/refundorderlist: the orders whose buyer asked for a refund, each opening the seller's
 * order detail (where the refund is agreed or rejected). Public in SPEC 2: a visitor sees the login entry inside it.
 */
export default function SellerRefundListScreen() {
  const t = useT();
  return (
    <>
      <ScreenHeader title={t('sellerOrders.refunds.title')} backTo="/seller/order/list" />
      <div className={screen}>
        <LoginFirst>
          <SellerOrderPagedList load={(after) => sellerOrders('refunds', after)} emptyText={t('sellerOrders.empty.refunds')} />
        </LoginFirst>
      </div>
    </>
  );
}
