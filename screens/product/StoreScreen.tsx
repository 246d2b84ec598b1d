import { useSelector } from '@xstate/react';
import { followStore, getFeed, getRelation, getStoreInfo } from '../../src/api/catalogue';
import { ProductGrid } from '../../src/app/catalogue/ProductGrid';
import { useSelectedCountry } from '../../src/app/catalogue/country';
import { usePager } from '../../src/app/catalogue/usePager';
import { useGate } from '../../src/app/gateContext';
import { go, useScreenQuery } from '../../src/app/navigation';
import { askToLogIn } from '../../src/app/returnTo';
import { CartButton } from '../../src/app/CartButton';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import type { ProductCard, Relation, StoreInfo } from '../../src/domain/types/catalogue';
import { ShopFigures } from './ShopFigures';
import { useLanguage, useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './product.css';

/**
 * The store's products. `held`: kept out of the layout (their request already under way) until the
 * store's card above has its real height, so the list appears below it instead of moving down under
 * the reader when the card replaces its shorter placeholder (a layout shift: CLS 0.15 on a shared link).
 */
function Products({ sellerId, countryId, held }: { sellerId: string; countryId: number; held: boolean }) {
  const pager = usePager<ProductCard>((cursor) => getFeed({ countryId, sellerId, cursor, limit: 20 }));
  return (
    <div style={{ display: held ? 'none' : 'contents' }}>
      <ProductGrid pager={pager} />
    </div>
  );
}

/** A store page (/product/store?id=…, /product/new-store?id=…): the seller, followers, follow, and their listed products. */
export default function StoreScreen() {
  const t = useT();
  const language = useLanguage();
  const id = useScreenQuery().get('id') ?? '';
  const valid = /^[1-9]\d{0,17}$/.test(id);
  const gate = useGate();
  const user = useSelector(gate, (s) => s.context.userInfo);
  const country = useSelectedCountry();
  const info = useResource<StoreInfo>(() => (valid ? getStoreInfo(id) : Promise.reject(new Error('no id'))));
  const relation = useResource<Relation | null>(() => (user && valid ? getRelation({ sellerId: id }) : Promise.resolve(null)));
  const follow = useSubmit((on: boolean) => followStore(id, on), undefined, () => {
    relation.reload();
    info.reload();
  });
  const rel = relation.data;
  return (
    <>
      <ScreenHeader title={info.data?.seller.nickname ?? t('catalogue.store.title')} end={<CartButton />} />
      <div className={screen}>
        {info.state === 'loading' ? <div className={skeleton} style={{ height: 88 }} /> : null}
        {info.state === 'failed' ? <p className={muted}>{t('catalogue.detail.notFound')}</p> : null}
        {info.data ? (
          <section className={`${card} ${css.storeCard}`} data-testid="store-header">
            <div className={css.storeHead}>
              <span className={css.avatar} aria-hidden="true">
                {info.data.seller.nickname.slice(0, 1).toUpperCase()}
              </span>
              <div className={css.grow}>
                <h2 className={css.storeName} data-testid="store-name" title={info.data.seller.nickname}>
                  {info.data.seller.nickname}
                </h2>
                <p className={css.storeHandle} data-testid="store-handle">
                  <bdi>@{info.data.seller.username}</bdi> · {info.data.seller.countryName}
                </p>
              </div>
            </div>
            <dl className={css.storeStats} data-testid="store-followers">
              <div className={css.storeStat}>
                <dt className={css.storeStatLabel}>{t('buy.store.followers')}</dt>
                <dd className={css.storeFigure} data-testid="store-followers-count">
                  {info.data.followers.toLocaleString(language)}
                </dd>
              </div>
              <div className={css.storeStat}>
                <dt className={css.storeStatLabel}>{t('buy.store.products')}</dt>
                <dd className={css.storeFigure} data-testid="store-products-count">
                  {info.data.products.toLocaleString(language)}
                </dd>
              </div>
            </dl>
            <ShopFigures trust={info.data.trust} />
            {!rel?.owner ? (
              <div className={css.storeActions}>
                <button
                  type="button"
                  data-testid="store-follow"
                  className={button({ tone: rel?.following ? 'secondary' : 'primary' })}
                  disabled={follow.submitting}
                  onClick={() => {
                    if (!user) {
                      askToLogIn(); // back to this store once logged in
                      return;
                    }
                    follow.submit(!(rel?.following ?? false));
                  }}
                >
                  {rel?.following ? t('catalogue.store.following') : t('catalogue.store.follow')}
                </button>
                <button type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/chatRoom?seller=${id}&store=${id}`)} data-testid="store-chat">
                  {t('chat.entry.contactSeller')}
                </button>
              </div>
            ) : null}
          </section>
        ) : null}
        {valid ? <Products key={`${id}-${country.id}`} sellerId={id} countryId={country.id} held={info.state === 'loading' && !info.data} /> : null}
      </div>
    </>
  );
}
