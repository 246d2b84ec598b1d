import { useEffect, useRef } from 'react';
import { orderBadges } from '../../api/orders';
import { useT } from '../../i18n/react';
import * as css from '../shell.css';
import { useResource } from '../useResource';

/** Also asked again this often, so news reaches someone who stays on one screen. */
const refreshEvery = 30_000;

/**
 * The account tab's badge: how many of the person's orders (as buyer and as seller) changed since they
 * last looked. Asked again on every navigation, so it clears as soon as the order has been opened,
 * and every half minute.
 */
export function AccountTabBadge({ locationKey }: { locationKey: string }) {
  const t = useT();
  const badges = useResource(orderBadges);
  const reload = useRef(badges.reload);
  reload.current = badges.reload;
  useEffect(() => {
    reload.current();
  }, [locationKey]);
  useEffect(() => {
    const every = setInterval(() => reload.current(), refreshEvery);
    return () => clearInterval(every);
  }, []);
  const count = badges.data ? badges.data.buyer.unread + badges.data.seller.unread : 0;
  if (count === 0) return null;
  return (
    <span className={css.tabBadge} data-testid="account-badge" aria-label={t('app.ordersChanged', { count })}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
