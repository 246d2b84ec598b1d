import { orderBadges } from '../../api/orders';
import { useT } from '../../i18n/react';
import { listRow, listRowIcon, listRowLabel } from '../../theme/ui.css';
import { go } from '../navigation';
import { useResource } from '../useResource';
import * as css from './SellerEntry.css';
import { Icon } from '../Icon';

/** The account tab's "Seller centre" row, with the count of seller orders that changed unseen. */
export function SellerCentreEntry() {
  const t = useT();
  // The account tab is kept alive: the count is read afresh each time it is shown.
  const badges = useResource(orderBadges);
  const unread = badges.data?.seller.unread ?? 0;
  return (
    <button type="button" className={listRow} onClick={() => go('/seller/order/list')} data-testid="open-seller-centre">
      <span className={`${listRowLabel} ${css.label}`}>
        <Icon name="store" size={20} className={listRowIcon} />
        {t('sellerOrders.entry')}
        {unread > 0 ? (
          <span className={css.badge} data-testid="seller-centre-badge" aria-label={t('sellerOrders.unreadCount', { count: unread })}>
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </span>
      <Icon name="forward" size={18} />
    </button>
  );
}
