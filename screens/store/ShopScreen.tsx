import { useSelector } from '@xstate/react';
import { getFeed, getFollowedStores } from '../../src/api/catalogue';
import { ProductGrid } from '../../src/app/catalogue/ProductGrid';
import { useSelectedCountry } from '../../src/app/catalogue/country';
import { usePager } from '../../src/app/catalogue/usePager';
import { useGate } from '../../src/app/gateContext';
import { go } from '../../src/app/navigation';
import { useResource } from '../../src/app/useResource';
import type { ProductCard, SellerRef } from '../../src/domain/types/catalogue';
import { useT } from '../../src/i18n/react';
import { card, listRow, muted, screen, title } from '../../src/theme/ui.css';
import { Icon } from '../../src/app/Icon';

function Followed() {
  const t = useT();
  const { state, data } = useResource<SellerRef[]>(getFollowedStores);
  if (state !== 'ready' || !data) return null;
  if (data.length === 0) return <p className={muted}>{t('catalogue.store.noFollowed')}</p>;
  return (
    <>
      {data.map((s) => (
        <button key={s.id} type="button" className={listRow} onClick={() => go(`/product/store?id=${s.id}`)} data-testid="followed-store">
          <span>
            <strong>{s.nickname}</strong> <span className={muted}>@{s.username}</span>
          </span>
          <Icon name="forward" size={18} />
        </button>
      ))}
    </>
  );
}

function All({ countryId }: { countryId: number }) {
  const pager = usePager<ProductCard>((cursor) => getFeed({ countryId, cursor, limit: 20 }));
  return <ProductGrid pager={pager} />;
}

/** The store tab (/shop): the stores the user follows, then every listed product for the selected country. */
export default function ShopScreen() {
  const t = useT();
  const gate = useGate();
  const user = useSelector(gate, (s) => s.context.userInfo);
  const country = useSelectedCountry();
  return (
    <div className={screen}>
      <h1 className={title}>{t('catalogue.store.tabTitle')}</h1>
      <section className={card} aria-labelledby="followed-title">
        <h2 id="followed-title" style={{ marginTop: 0, fontSize: 16 }}>
          {t('catalogue.store.followedStores')}
        </h2>
        {user ? <Followed /> : <p className={muted}>{t('catalogue.store.loginToFollow')}</p>}
      </section>
      <h2 style={{ margin: 0, fontSize: 16 }}>{t('catalogue.store.browse')}</h2>
      <All key={country.id} countryId={country.id} />
    </div>
  );
}
