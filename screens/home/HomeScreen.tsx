import { getFeed } from '../../src/api/catalogue';
import { getCategories, getWordAddress, type Category } from '../../src/api/reference';
import { CartButton } from '../../src/app/CartButton';
import { ProductGrid } from '../../src/app/catalogue/ProductGrid';
import { LazyIcon } from '../../src/app/LazyIcon';
import { selectCountry, useSelectedCountry } from '../../src/app/catalogue/country';
import { usePager } from '../../src/app/catalogue/usePager';
import { Defaults } from '../../src/domain/constants';
import type { ProductCard } from '../../src/domain/types/catalogue';
import { go } from '../../src/app/navigation';
import { useResource } from '../../src/app/useResource';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './home.css';

function Categories() {
  const t = useT();
  const { state, data, retry } = useResource<Category[]>(getCategories);
  if (state === 'failed') {
    return (
      <div role="alert">
        <p className={muted}>{t('home.loadFailed')}</p>
        <button type="button" className={button({ tone: 'secondary' })} onClick={retry}>
          {t('app.retry')}
        </button>
      </div>
    );
  }
  if (state === 'loading' || !data) {
    return (
      <div className={css.grid} aria-busy="true">
        {Array.from({ length: 10 }, (_, i) => (
          <div key={i} className={skeleton} style={{ height: 52 }} />
        ))}
      </div>
    );
  }
  return (
    <div className={css.grid}>
      {data.map((c) => (
        <button key={c.id} type="button" className={css.category} onClick={() => go(`/product/classifysearch?category=${c.id}`)}>
          <span className={css.categoryIcon}>
            <LazyIcon category={c.key} size={24} />
          </span>
          {t(`categories.${c.key}`)}
        </button>
      ))}
    </div>
  );
}

/** The feed of listed products visible to the selected country, newest first, paged as the list scrolls. */
function Feed({ countryId }: { countryId: number }) {
  const pager = usePager<ProductCard>((cursor) => getFeed({ countryId, cursor, limit: 20 }));
  return <ProductGrid pager={pager} />;
}

function CountryPicker() {
  const t = useT();
  const country = useSelectedCountry();
  const { data } = useResource(() => getWordAddress(1));
  const list = data?.list ?? [];
  return (
    <label className={css.country}>
      <span className={css.visuallyHidden}>{t('home.country')}</span>
      <select
        className={css.countrySelect}
        data-testid="country-picker"
        value={country.id}
        onChange={(e) => {
          const id = Number(e.target.value);
          selectCountry({ id, name: list.find((c) => c.id === id)?.name ?? Defaults.countryName });
        }}
      >
        <option value={Defaults.countryId}>{t('home.global')}</option>
        {list.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
        {list.length === 0 && country.id !== Defaults.countryId ? <option value={country.id}>{country.name}</option> : null}
      </select>
    </label>
  );
}

export default function HomeScreen() {
  const t = useT();
  const country = useSelectedCountry();
  return (
    <>
      <div className={css.top}>
        <h1 className={css.brand}>{t('app.name')}</h1>
        <div className={css.searchRow}>
          <button type="button" className={css.search} onClick={() => go('/search')}>
            <LazyIcon name="search" />
            {t('home.searchPlaceholder')}
          </button>
          <CartButton />
        </div>
      </div>
      <div className={screen}>
        <section className={card} aria-labelledby="home-categories">
          <h2 id="home-categories" className={css.sectionTitle}>
            {t('home.categories')}
          </h2>
          <Categories />
        </section>
        <section aria-labelledby="home-feed">
          <div className={css.feedHead}>
            <h2 id="home-feed" className={css.feedTitle}>
              {t('feed.title')}
            </h2>
            <CountryPicker />
          </div>
          <Feed key={country.id} countryId={country.id} />
        </section>
      </div>
    </>
  );
}
