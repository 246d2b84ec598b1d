import { useEffect, useState } from 'react';
import { getFeed } from '../../src/api/catalogue';
import { popularSearches, searchRefined, searchSuggestions, type SearchRefinement } from '../../src/api/search';
import { ProductGrid, SkeletonGrid } from '../../src/app/catalogue/ProductGrid';
import { useSelectedCountry } from '../../src/app/catalogue/country';
import { usePager } from '../../src/app/catalogue/usePager';
import { Icon } from '../../src/app/Icon';
import { go, useScreenQuery } from '../../src/app/navigation';
import { CartButton } from '../../src/app/CartButton';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import type { ProductCard, SellerRef } from '../../src/domain/types/catalogue';
import { useT } from '../../src/i18n/react';
import { button, card, listRow, muted, screen } from '../../src/theme/ui.css';
import * as css from './product.css';
import { activeFilters, NothingFiltered, RefineBar } from './Refine';
import { clearHistory, readHistory, remember } from './searchHistory';

/** Chips that run a search: recent searches, popular ones. */
function Chips({ words, onPick, testId }: { words: string[]; onPick: (word: string) => void; testId: string }) {
  return (
    <div className={css.chips}>
      {words.map((w) => (
        <button key={w} type="button" className={css.historyItem} onClick={() => onPick(w)} data-testid={testId}>
          {w}
        </button>
      ))}
    </div>
  );
}

function Popular({ countryId, onPick }: { countryId: number; onPick: (word: string) => void }) {
  const t = useT();
  const popular = useResource(() => popularSearches(countryId).catch(() => []));
  if (!popular.data?.length) return null;
  return (
    <section className={card} aria-labelledby="search-popular">
      <h2 id="search-popular" className={css.sectionTitle}>
        {t('buy.search.popular')}
      </h2>
      <Chips words={popular.data} onPick={onPick} testId="popular-item" />
    </section>
  );
}

/** What a search shows when it opens or its field is cleared: recent searches and popular ones. */
function Start({ history, onPick, onClear, countryId }: { history: string[]; onPick: (word: string) => void; onClear: () => void; countryId: number }) {
  const t = useT();
  return (
    <>
      {history.length > 0 && (
        <section className={card} aria-labelledby="search-history" data-testid="search-start">
          <div className={css.row}>
            <h2 id="search-history" className={css.sectionTitle}>
              {t('catalogue.search.history')}
            </h2>
            <button type="button" className={button({ tone: 'ghost' })} onClick={onClear}>
              {t('catalogue.search.clearHistory')}
            </button>
          </div>
          <Chips words={history} onPick={onPick} testId="history-item" />
        </section>
      )}
      <Popular countryId={countryId} onPick={onPick} />
    </>
  );
}

/** Suggestions while typing, from the catalogue's own words (asked once the typing pauses). */
function Suggestions({ text, onPick }: { text: string; onPick: (word: string) => void }) {
  const t = useT();
  const [words, setWords] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      searchSuggestions(text)
        .then((w) => live && setWords(w))
        .catch(() => live && setWords([]));
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);
  if (words.length === 0) return null;
  return (
    <section className={card} aria-label={t('buy.search.suggestions')}>
      <ul className={css.suggestions} data-testid="search-suggestions">
        {words.map((w) => (
          <li key={w}>
            <button type="button" className={listRow} onClick={() => onPick(w)} data-testid="suggestion-item">
              <span className={css.suggestionText}>
                <Icon name="search" size={16} />
                {w}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Nothing matched: what to do next (popular searches, products the buyer may like). */
function NothingFound({ q, countryId, onPick }: { q: string; countryId: number; onPick: (word: string) => void }) {
  const t = useT();
  const pager = usePager<ProductCard>((cursor) => (cursor ? Promise.resolve({ list: [], next: null }) : getFeed({ countryId, limit: 6 }).then((p) => ({ list: p.list, next: null }))));
  return (
    <div className={css.nothing} data-testid="search-nothing">
      <div className={`${card} ${css.nothingCard}`}>
        <Icon name="search" size={40} />
        <p className={css.nothingTitle}>{t('buy.search.nothingFound', { q })}</p>
        <p className={muted}>{t('buy.search.nothingHint')}</p>
      </div>
      <Popular countryId={countryId} onPick={onPick} />
      <h2 className={css.sectionTitle}>{t('buy.search.youMayLike')}</h2>
      <ProductGrid pager={pager} />
    </div>
  );
}

function Results({ q, countryId, onPick }: { q: string; countryId: number; onPick: (word: string) => void }) {
  const t = useT();
  const [refinement, setRefinement] = useState<SearchRefinement>({ sort: 'relevance' });
  return (
    <>
      <RefineBar value={refinement} onChange={setRefinement} />
      <ResultList key={`${q}|${countryId}|${JSON.stringify(refinement)}`} q={q} countryId={countryId} refinement={refinement} onPick={onPick} onRefine={setRefinement} />
    </>
  );
}

function ResultList({ q, countryId, refinement, onPick, onRefine }: { q: string; countryId: number; refinement: SearchRefinement; onPick: (word: string) => void; onRefine: (r: SearchRefinement) => void }) {
  const t = useT();
  const [stores, setStores] = useState<SellerRef[]>([]);
  const [count, setCount] = useState<{ value: number; more: boolean } | null>(null);
  const pager = usePager<ProductCard>(async (cursor) => {
    const answer = await searchRefined(q, countryId, refinement, cursor);
    if (!cursor) {
      setStores(answer.stores);
      setCount(answer.count);
    }
    return answer.products;
  });
  if (pager.state === 'end' && pager.items.length === 0 && stores.length === 0) {
    return activeFilters(refinement) > 0 ? <NothingFiltered onClear={() => onRefine({ sort: refinement.sort })} /> : <NothingFound q={q} countryId={countryId} onPick={onPick} />;
  }
  return (
    <>
      <p className={css.count} role="status" data-testid="search-count">
        {count === null ? '\u00a0' : t('buy.search.count', { count: count.more ? `${count.value}+` : count.value })}
      </p>
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
              <Icon name="forward" size={16} />
            </button>
          ))}
        </section>
      ) : null}
      <h2 className={css.sectionTitle}>{t('catalogue.search.products')}</h2>
      {pager.state === 'loading' && pager.items.length === 0 ? <SkeletonGrid /> : <ProductGrid pager={pager} empty={t('catalogue.search.noResults')} />}
    </>
  );
}

/**
 * Search by product name or user name (issue 22): it opens on recent and popular searches, suggests the
 * catalogue's words while typing, and shows results with their count, sorts and filters, or what to do next
 * when nothing matched. `/search` is the start (shown afresh each time it opens); a search goes to
 * `/search?q=…` (a screen of its own, so Back returns to its results); clearing the field goes back to the start.
 */
export default function SearchScreen() {
  const t = useT();
  const q = (useScreenQuery().get('q') ?? '').trim();
  const country = useSelectedCountry();
  const [text, setText] = useState(q);
  const [history, setHistory] = useState(readHistory);
  // Each showing of the start screen starts afresh (a kept-alive screen runs its effects again when shown).
  useEffect(() => {
    if (!q) setText('');
    setHistory(readHistory());
  }, []);
  const run = (term: string) => {
    const clean = term.trim();
    if (!clean) return;
    setHistory(remember(clean));
    setText(clean);
    if (clean !== q) go(`/search?q=${encodeURIComponent(clean)}`, { replace: q !== '' });
  };
  const typed = text.trim();
  const view = typed === '' ? 'start' : typed === q ? 'results' : 'typing';
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
        <input
          className={css.input}
          type="search"
          aria-label={t('catalogue.search.placeholder')}
          placeholder={t('catalogue.search.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="search-input"
          maxLength={100}
          enterKeyHint="search"
        />
        <button type="submit" className={button({})} aria-label={t('catalogue.search.submit')}>
          <Icon name="search" />
        </button>
      </form>
      <div className={screen}>
        {view === 'start' && (
          <Start
            history={history}
            onPick={run}
            countryId={country.id}
            onClear={() => {
              clearHistory();
              setHistory([]);
            }}
          />
        )}
        {view === 'typing' && <Suggestions text={text} onPick={run} />}
        {/* The results stay mounted while the field is edited, so going back to the same words shows them at once. */}
        {q && (
          <div hidden={view !== 'results'} className={view === 'results' ? css.resultsStack : undefined}>
            <Results key={`${q}-${country.id}`} q={q} countryId={country.id} onPick={run} />
          </div>
        )}
      </div>
    </>
  );
}
