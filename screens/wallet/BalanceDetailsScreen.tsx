import { useEffect } from 'react';
import { useAccountBalance } from '../../src/app/orders/BuyerBalance';
import { PagerFooter, useAfterPages } from '../../src/app/orders/OrderParts';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { balanceDetails } from '../../src/api/orders';
import { useT } from '../../src/i18n/react';
import { muted, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './balance.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { MovementRow } from './BalanceMovementRow';
import EmptyState from '../../src/app/EmptyState';
import { go } from '../../src/app/navigation';
import { Money } from '../../src/app/Money';

/** /mine/user/balancedetails: the account balance and every movement of it, newest first, each with its order. */
export default function BalanceDetailsScreen() {
  const t = useT();
  const account = useAccountBalance();
  const pager = useAfterPages((after) => balanceDetails(after));
  const refresh = account.refresh;
  useEffect(() => void refresh(), []);
  const first = pager.items.length === 0;
  return (
    <>
      <ScreenHeader title={t('balance.title')} backTo="/my" />
      <div className={screen}>
        <section className={ordersCss.banner} aria-live="polite">
          <p className={css.heroLabel}>{t('balance.current')}</p>
          <p className={css.heroValue} data-testid="balance-current">
            {account.balance ? <Money amount={account.balance} /> : '—'}
          </p>
        </section>
        {pager.state === 'loading' && first && (
          <div className={ordersCss.section} aria-busy="true" data-testid="balance-loading">
            {[0, 1, 2, 3].map((n) => (
              <div key={n} className={skeleton} style={{ height: 56 }} />
            ))}
          </div>
        )}
        {pager.state === 'end' && first && (
          <EmptyState icon="wallet" text={t('balance.empty')} testId="balance-empty" action={{ label: t('cart.goShopping'), onClick: () => go('/index') }} />
        )}
        {!first && (
          <div className={css.list} role="list" aria-label={t('balance.movements')}>
            {pager.items.map((m) => (
              <MovementRow key={m.id} movement={m} />
            ))}
          </div>
        )}
        <PagerFooter pager={pager} moreLabel={t('balance.loadMore')} moreTestId="balance-more" failedText={t('balance.loadFailed')} retryTestId="balance-retry" />
      </div>
    </>
  );
}
