import { getFeed } from '../../src/api/catalogue';
import { getCategories, type Category } from '../../src/api/reference';
import { ProductGrid } from '../../src/app/catalogue/ProductGrid';
import { useSelectedCountry } from '../../src/app/catalogue/country';
import { usePager } from '../../src/app/catalogue/usePager';
import { useState } from 'react';
import { useScreenQuery } from '../../src/app/navigation';
import { CartButton } from '../../src/app/CartButton';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import type { ProductCard } from '../../src/domain/types/catalogue';
import { useT } from '../../src/i18n/react';
import { screen } from '../../src/theme/ui.css';
import * as css from './product.css';

function List({ categoryId, countryId }: { categoryId: number | undefined; countryId: number }) {
  const pager = usePager<ProductCard>((cursor) => getFeed({ countryId, categoryId, cursor, limit: 20 }));
  return <ProductGrid pager={pager} />;
}

/** Category search (/product/classifysearch?category=…): category tabs over the products of the chosen one. */
export default function CategorySearchScreen() {
  const t = useT();
  const raw = useScreenQuery().get('category');
  // The chosen tab lives in this screen (a new query of the same path does not open a new screen).
  const [categoryId, setCategoryId] = useState<number | undefined>(raw && /^\d+$/.test(raw) ? Number(raw) : undefined);
  const country = useSelectedCountry();
  const { data } = useResource<Category[]>(getCategories);
  const current = data?.find((c) => c.id === categoryId);
  return (
    <>
      <ScreenHeader title={current ? t(`categories.${current.key}`) : t('catalogue.classify.title')} end={<CartButton />} />
      <div className={screen}>
        <div className={css.tabs} role="tablist" aria-label={t('catalogue.classify.title')}>
          <button type="button" role="tab" aria-selected={categoryId === undefined} className={`${css.chip} ${categoryId === undefined ? css.chipOn : ''}`} onClick={() => setCategoryId(undefined)}>
            {t('catalogue.classify.all')}
          </button>
          {(data ?? []).map((c) => (
            <button key={c.id} type="button" role="tab" aria-selected={c.id === categoryId} className={`${css.chip} ${c.id === categoryId ? css.chipOn : ''}`} onClick={() => setCategoryId(c.id)}>
              {t(`categories.${c.key}`)}
            </button>
          ))}
        </div>
        <List key={`${categoryId ?? 'all'}-${country.id}`} categoryId={categoryId} countryId={country.id} />
      </div>
    </>
  );
}
