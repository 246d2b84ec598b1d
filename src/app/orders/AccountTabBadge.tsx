import { useEffect, useRef } from 'react';
import { chatUnread } from '../../api/chat';
import { orderBadges } from '../../api/orders';
import { useT } from '../../i18n/react';
import * as css from '../shell.css';
import { useResource } from '../useResource';
import { afterPaint } from '../afterPaint';

/**
 * The account tab's badge: how many of the person's orders (as buyer and as seller) changed since they
 * last looked, plus their unread chat messages and newly answered work orders (counted in the database, issue 15). Asked again on every navigation, so it clears as soon as the order has been opened,
 * and in place when the tab's live channel says an order, a case, a work order or a chat changed (issue 23).
 */
export function AccountTabBadge({ locationKey }: { locationKey: string }) {
  const t = useT();
  const badges = useResource(() => Promise.all([orderBadges(), chatUnread().catch(() => ({ unread: 0, workOrders: 0 }))]).then(([orders, chat]) => ({ orders, chat: chat.unread + chat.workOrders })));
  const reload = useRef(badges.reload);
  reload.current = badges.reload;
  // After the navigation's paint, not in the tap's frame (src/app/afterPaint.ts).
  useEffect(() => afterPaint(() => reload.current()), [locationKey]);
  const count = badges.data ? badges.data.orders.buyer.unread + badges.data.orders.seller.unread + badges.data.chat : 0;
  if (count === 0) return null;
  return (
    <span className={css.tabBadge} data-testid="account-badge" aria-label={t('app.updates', { count })}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
