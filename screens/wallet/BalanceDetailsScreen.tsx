import { useEffect } from 'react';
import { usePager } from '../../src/app/catalogue/usePager';
import { useAccountBalance } from '../../src/app/orders/BuyerBalance';
import { listPageSize } from '../../src/app/orders/BuyerFormat';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { balanceDetails } from '../../src/api/orders';
import type { BalanceMovementView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './balance.css';
import { MovementRow } from './BalanceMovementRow';

/** /mine/user/balancedetails: the account balance and every movement of it, newest first, each with its order. */
export default function BalanceDetailsScreen() {
  const t = useT();
  const account = useAccountBalance();
  const pager = usePager<BalanceMovementView>(async (cursor) => {
    const page = cursor ? Number(cursor) : 1;
    const list = await balanceDetails(page);
    return { list, next: list.length >= listPageSize ? String(page + 1) : null };
  });
  const reload = pager.reload;
  const refresh = account.refresh;
  useEffect(() => {
    reload();
    void refresh();
  }, []);
  const first = pager.items.length === 0;
  return (
    <>
      <ScreenHeader title={t('balance.title')} backTo="/my" />
      <div className={screen}>
        <section className={css.hero} aria-live="polite">
          <p className={css.heroLabel}>{t('balance.current')}</p>
          <p className={css.heroValue} data-testid="balance-current">
            {account.balance ?? '—'} π
          </p>
        </section>
        {pager.state === 'loading' && first && (
          <div className={css.section} aria-busy="true" data-testid="balance-loading">
            {[0, 1, 2, 3].map((n) => (
              <div key={n} className={skeleton} style={{ height: 56 }} />
            ))}
          </div>
        )}
        {pager.state === 'end' && first && (
          <div className={css.empty} data-testid="balance-empty">
            <p className={muted}>{t('balance.empty')}</p>
          </div>
        )}
        {!first && (
          <div className={css.list} role="list" aria-label={t('balance.movements')}>
            {pager.items.map((m) => (
              <MovementRow key={m.id} movement={m} />
            ))}
          </div>
        )}
        <div ref={pager.sentinel} />
        {pager.state === 'more' && (
          <button type="button" className={button({ tone: 'ghost', block: true })} onClick={pager.loadMore} data-testid="balance-more">
            {t('balance.loadMore')}
          </button>
        )}
        {pager.state === 'loading' && !first && <div className={skeleton} style={{ height: 48 }} aria-busy="true" />}
        {pager.state === 'failed' && (
          <div className={css.empty} role="alert">
            <p className={muted}>{t('balance.loadFailed')}</p>
            <button type="button" className={button({ tone: 'secondary' })} onClick={pager.retry} data-testid="balance-retry">
              {t('app.retry')}
            </button>
          </div>
        )}
      </div>
    </>
  );
}
