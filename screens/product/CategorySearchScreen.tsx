import { getFeed } from '../../src/api/catalogue';
import { getCategories, type Category } from '../../src/api/reference';
import { searchRefined, type SearchRefinement } from '../../src/api/search';
import { ProductGrid, SkeletonGrid } from '../../src/app/catalogue/ProductGrid';
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
import { activeFilters, NothingFiltered, RefineBar } from './Refine';

const plain: SearchRefinement = { sort: 'relevance' };

/** A chosen category's products, newest first, or sorted and filtered through the refined search (issue 33, finding 8). */
function List({ categoryId, countryId, refinement, onRefine }: { categoryId: number; countryId: number; refinement: SearchRefinement; onRefine: (r: SearchRefinement) => void }) {
  const t = useT();
  const [count, setCount] = useState<{ value: number; more: boolean } | null>(null);
  const refined = refinement.sort !== 'relevance' || activeFilters(refinement) > 0;
  const pager = usePager<ProductCard>(async (cursor) => {
    if (!refined) return getFeed({ countryId, categoryId, cursor, limit: 20 });
    const answer = await searchRefined('', countryId, refinement, cursor, categoryId);
    if (!cursor) setCount(answer.count);
    return answer.products;
  });
  if (pager.state === 'end' && pager.items.length === 0 && activeFilters(refinement) > 0) return <NothingFiltered onClear={() => onRefine({ sort: refinement.sort })} />;
  return (
    <>
      {count ? (
        <p className={css.count} role="status" data-testid="search-count">
          {t('buy.search.count', { count: count.more ? `${count.value}+` : count.value })}
        </p>
      ) : null}
      {pager.state === 'loading' && pager.items.length === 0 ? <SkeletonGrid /> : <ProductGrid pager={pager} />}
    </>
  );
}

/**
 * Category search (/product/classifysearch?category=…): category tabs over the products of the chosen one,
 * with the same sort chips and filters as search (issue 33, finding 8). "All" is the plain feed, newest first.
 */
export default function CategorySearchScreen() {
  const t = useT();
  const raw = useScreenQuery().get('category');
  // The chosen tab lives in this screen (a new query of the same path does not open a new screen).
  const [categoryId, setCategoryId] = useState<number | undefined>(raw && /^\d+$/.test(raw) ? Number(raw) : undefined);
  const [refinement, setRefinement] = useState<SearchRefinement>(plain);
  const country = useSelectedCountry();
  const { data } = useResource<Category[]>(getCategories);
  const current = data?.find((c) => c.id === categoryId);
  const choose = (id: number | undefined) => {
    setCategoryId(id);
    setRefinement(plain);
  };
  return (
    <>
      <ScreenHeader title={current ? t(`categories.${current.key}`) : t('catalogue.classify.title')} end={<CartButton />} />
      <div className={`${screen} ${css.resultsStack}`}>
        <div className={css.tabs} role="tablist" aria-label={t('catalogue.classify.title')}>
          <button type="button" role="tab" aria-selected={categoryId === undefined} className={`${css.chip} ${categoryId === undefined ? css.chipOn : ''}`} onClick={() => choose(undefined)}>
            {t('catalogue.classify.all')}
          </button>
          {(data ?? []).map((c) => (
            <button key={c.id} type="button" role="tab" aria-selected={c.id === categoryId} className={`${css.chip} ${c.id === categoryId ? css.chipOn : ''}`} onClick={() => choose(c.id)}>
              {t(`categories.${c.key}`)}
            </button>
          ))}
        </div>
        {categoryId === undefined ? (
          <AllList key={country.id} countryId={country.id} />
        ) : (
          <>
            <RefineBar value={refinement} onChange={setRefinement} />
            <List key={`${categoryId}-${country.id}-${JSON.stringify(refinement)}`} categoryId={categoryId} countryId={country.id} refinement={refinement} onRefine={setRefinement} />
          </>
        )}
      </div>
    </>
  );
}

function AllList({ countryId }: { countryId: number }) {
  const pager = usePager<ProductCard>((cursor) => getFeed({ countryId, cursor, limit: 20 }));
  return <ProductGrid pager={pager} />;
}
