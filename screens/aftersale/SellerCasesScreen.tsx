import { useEffect, useState } from 'react';
import { afterSaleBadges, sellerAfterSales, sellerMoney } from '../../src/api/afterSale';
import { go } from '../../src/app/navigation';
import { OrderTabs, PagerFooter, useOrderPages } from '../../src/app/orders/OrderParts';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { afterSaleStatusLabelKey } from '../../src/domain/afterSaleStatus';
import { sellerAfterSaleTabs, type SellerAfterSaleTab } from '../../src/domain/schemas/afterSale';
import type { AfterSaleView } from '../../src/domain/types/afterSale';
import { useT } from '../../src/i18n/react';
import { card, muted } from '../../src/theme/ui.css';
import * as css from './afterSale.css';
import { Money } from '../../src/app/Money';

const tabs = Object.keys(sellerAfterSaleTabs) as SellerAfterSaleTab[];

function CaseRow({ view }: { view: AfterSaleView }) {
  const t = useT();
  return (
    <li>
      <button type="button" className={css.listItem} onClick={() => go(`/mine/order/aftersale?case=${view.id}`)} data-testid={`aftersale-row-${view.id}`}>
        {view.image ? <img className={css.listImage} src={view.image} alt="" /> : <span className={css.listImage} />}
        <span className={css.grow}>
          <strong>{view.title}</strong>
          <span className={muted}>
            {t(`afterSale.kinds.${view.kind}`)} · <Money amount={view.amount} />
          </span>
        </span>
        <span>
          {t(afterSaleStatusLabelKey(view.status))}
          {view.unread ? <span className={css.count} aria-label="new">•</span> : null}
        </span>
      </button>
    </li>
  );
}

function TabPanel({ tab }: { tab: SellerAfterSaleTab }) {
  const t = useT();
  const pager = useOrderPages((page) => sellerAfterSales(tab, page));
  return (
    <>
      <ul className={css.timeline}>
        {pager.items.map((v) => (
          <CaseRow key={v.id} view={v} />
        ))}
      </ul>
      {pager.state === 'end' && pager.items.length === 0 ? <p className={muted}>{t('afterSale.seller.empty')}</p> : null}
      <PagerFooter pager={pager} moreLabel={t('afterSale.seller.loadMore')} moreTestId="aftersale-more" failedText={t('afterSale.seller.empty')} retryTestId="aftersale-retry" />
    </>
  );
}

/** /mine/seller/aftersale-list: the seller's after-sale cases by tab with counts, and the money still pending. */
export default function SellerCasesScreen() {
  const t = useT();
  const [tab, setTab] = useState<SellerAfterSaleTab>('toAnswer');
  const badges = useResource(() => afterSaleBadges());
  const money = useResource(() => sellerMoney());
  const reload = badges.reload;
  const reloadMoney = money.reload;
  useEffect(() => reload(), [tab]);
  // Shown again (kept alive): the money is read afresh.
  useEffect(() => reloadMoney(), []);
  return (
    <div>
      <ScreenHeader title={t('afterSale.seller.listTitle')} backTo="/seller/order/list" />
      {money.data ? (
        <div className={`${card} ${css.body}`} data-testid="aftersale-money">
          <div className={css.line}>
            <span className={muted}>{t('afterSale.seller.pendingIncome')}</span>
            <Money amount={money.data.pendingIncome} strong />
          </div>
          <div className={css.line}>
            <span className={muted}>{t('afterSale.seller.available')}</span>
            <Money amount={money.data.available} strong />
          </div>
          <p className={muted}>{t('afterSale.seller.pendingHint')}</p>
        </div>
      ) : null}
      <OrderTabs
        tabs={tabs}
        current={tab}
        onSelect={setTab}
        label={t('afterSale.seller.listTitle')}
        idPrefix="aftersale-tab-"
        testIdPrefix="aftersale-tab-"
        panelId="aftersale-panel"
        className={css.tabs}
        tabClassName={css.tab}
        panelClassName={css.body}
        tabContent={(key) => (
          <>
            {t(`afterSale.seller.tabs.${key}`)}
            {key !== 'all' && key !== 'done' && (badges.data?.[key] ?? 0) > 0 ? <span className={css.count}>{badges.data?.[key]}</span> : null}
          </>
        )}
      >
        <TabPanel key={tab} tab={tab} />
      </OrderTabs>
    </div>
  );
}
