import { useState } from 'react';
import { searchProducts } from '../../src/api/catalogue';
import { ProductGrid } from '../../src/app/catalogue/ProductGrid';
import { useSelectedCountry } from '../../src/app/catalogue/country';
import { usePager } from '../../src/app/catalogue/usePager';
import { go, useScreenQuery } from '../../src/app/navigation';
import { CartButton } from '../../src/app/CartButton';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import type { ProductCard, SellerRef } from '../../src/domain/types/catalogue';
import { useT } from '../../src/i18n/react';
import { button, card, listRow, muted, screen } from '../../src/theme/ui.css';
import * as css from './product.css';
import { clearHistory, readHistory, remember } from './searchHistory';
import { Icon } from '../../src/app/Icon';

function Results({ q, countryId }: { q: string; countryId: number }) {
  const t = useT();
  const [stores, setStores] = useState<SellerRef[]>([]);
  const pager = usePager<ProductCard>(async (cursor) => {
    const answer = await searchProducts(q, countryId, cursor);
    if (!cursor) setStores(answer.stores);
    return answer.products;
  });
  return (
    <>
      {stores.length ? (
        <section className={card} aria-labelledby="search-stores">
          <h2 id="search-stores" className={css.sectionTitle}>
            {t('catalogue.search.stores')}
          </h2>
          {stores.map((s) => (
            <button key={s.id} type="button" className={listRow} data-testid="store-result" onClick={() => go(`/product/store?id=${s.id}`)}>
              <span>
                <strong>{s.nickname}</strong> <span className={muted}>@{s.username}</span>
              </span>
              <Icon name="forward" size={18} />
            </button>
          ))}
        </section>
      ) : null}
      <h2 className={css.sectionTitle}>{t('catalogue.search.products')}</h2>
      <ProductGrid pager={pager} empty={t('catalogue.search.noResults')} />
    </>
  );
}

/** Search by product name or user name; the history stays on the device. /search?q=… opens with a search done. */
export default function SearchScreen() {
  const t = useT();
  const initial = useScreenQuery().get('q') ?? '';
  // Results live in this screen (a new query of the same path does not open a new screen).
  const [q, setQ] = useState(initial);
  const country = useSelectedCountry();
  const [text, setText] = useState(q);
  const [history, setHistory] = useState(readHistory);
  const run = (term: string) => {
    const clean = term.trim();
    if (!clean) return;
    setHistory(remember(clean));
    setText(clean);
    setQ(clean);
  };
  return (
    <>
      <ScreenHeader title={t('catalogue.search.title')} end={<CartButton />} />
      <form
        className={css.searchBar}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          run(text);
        }}
      >
        <input className={css.input} type="search" aria-label={t('catalogue.search.placeholder')} placeholder={t('catalogue.search.placeholder')} value={text} onChange={(e) => setText(e.target.value)} data-testid="search-input" maxLength={100} />
        <button type="submit" className={button({})}>
          {t('catalogue.search.submit')}
        </button>
      </form>
      <div className={screen}>
        {q ? (
          <Results key={`${q}-${country.id}`} q={q} countryId={country.id} />
        ) : (
          <section className={card} aria-labelledby="search-history">
            <div className={css.row}>
              <h2 id="search-history" className={css.sectionTitle}>
                {t('catalogue.search.history')}
              </h2>
              {history.length ? (
                <button
                  type="button"
                  className={button({ tone: 'ghost' })}
                  onClick={() => {
                    clearHistory();
                    setHistory([]);
                  }}
                >
                  {t('catalogue.search.clearHistory')}
                </button>
              ) : null}
            </div>
            <div className={css.chips}>
              {history.map((h) => (
                <button key={h} type="button" className={css.historyItem} onClick={() => run(h)} data-testid="history-item">
                  {h}
                </button>
              ))}
            </div>
          </section>
        )}
      </div>
    </>
  );
}
