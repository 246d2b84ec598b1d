import { useId, useState } from 'react';
import type { SearchRefinement } from '../../src/api/search';
import { Checkbox, Radio } from '../../src/app/FormControls';
import { Icon } from '../../src/app/Icon';
import { Sheet, SheetClose } from '../../src/app/Sheet';
import { productConditions, searchSorts, type ProductCondition } from '../../src/domain/schemas/catalogue';
import { useT } from '../../src/i18n/react';
import { button } from '../../src/theme/ui.css';
import * as css from './product.css';

const plainMoney = /^\d{1,12}(\.\d{1,7})?$/;

/** How many filters are on (the sort is not a filter). */
export function activeFilters(r: SearchRefinement): number {
  return [r.minPrice, r.maxPrice, r.condition, r.freeShipping].filter(Boolean).length;
}

/** The filters sheet: price range, new or second hand, free shipping. */
function Filters({ value, onApply }: { value: SearchRefinement; onApply: (r: SearchRefinement) => void }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);
  const bad = (v: string | undefined) => !!v && !plainMoney.test(v);
  const invalid = bad(draft.minPrice) || bad(draft.maxPrice) || (!!draft.minPrice && !!draft.maxPrice && Number(draft.minPrice) > Number(draft.maxPrice));
  const active = activeFilters(value);
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setDraft(value);
      }}
      title={t('buy.search.filters')}
      testId="search-filters-sheet"
      trigger={
        <button type="button" className={css.sortChip} data-testid="search-filters" aria-pressed={active > 0}>
          <Icon name="filter" size={16} />
          {active > 0 ? t('buy.search.filtersActive', { count: active }) : t('buy.search.filters')}
        </button>
      }
      footer={
        <div className={css.sheetActions}>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => setDraft({ sort: value.sort })} data-testid="search-filters-reset">
            {t('buy.search.reset')}
          </button>
          <SheetClose asChild>
            <button type="button" className={button()} disabled={invalid} onClick={() => onApply(draft)} data-testid="search-filters-apply">
              {t('buy.search.apply')}
            </button>
          </SheetClose>
        </div>
      }
    >
      <div className={css.filterForm}>
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>{t('buy.search.priceRange')}</legend>
          <div className={css.priceRow}>
            <label className={css.label}>
              {t('buy.search.minPrice')}
              <input className={css.input} inputMode="decimal" dir="ltr" value={draft.minPrice ?? ''} onChange={(e) => setDraft({ ...draft, minPrice: e.target.value.trim() })} data-testid="search-min-price" maxLength={20} />
            </label>
            <label className={css.label}>
              {t('buy.search.maxPrice')}
              <input className={css.input} inputMode="decimal" dir="ltr" value={draft.maxPrice ?? ''} onChange={(e) => setDraft({ ...draft, maxPrice: e.target.value.trim() })} data-testid="search-max-price" maxLength={20} />
            </label>
          </div>
          {invalid && (
            <p className={css.error} role="alert">
              {t('buy.search.priceInvalid')}
            </p>
          )}
        </fieldset>
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>{t('buy.search.condition')}</legend>
          {(['any', ...productConditions] as const).map((c) => (
            <label key={c} className={css.checkbox}>
              <Radio name={`${id}-condition`} checked={(draft.condition ?? 'any') === c} onChange={() => setDraft({ ...draft, condition: c === 'any' ? undefined : (c as ProductCondition) })} data-testid={`search-condition-${c}`} />
              {c === 'any' ? t('buy.search.anyCondition') : t(`catalogue.condition.${c}`)}
            </label>
          ))}
        </fieldset>
        <label className={css.checkbox}>
          <Checkbox checked={!!draft.freeShipping} onChange={(e) => setDraft({ ...draft, freeShipping: e.target.checked })} data-testid="search-free-shipping" />
          {t('buy.search.freeShipping')}
        </label>
      </div>
    </Sheet>
  );
}

/**
 * The shopping layer over a list of products (issue 22; issue 33 finding 8 puts it on category results too):
 * sort chips that scroll sideways and the Filters chip pinned at the end, so it is never off-screen.
 */
export function RefineBar({ value, onChange }: { value: SearchRefinement; onChange: (r: SearchRefinement) => void }) {
  const t = useT();
  return (
    <div className={css.refineBar}>
      <div className={css.sortBar} role="group" aria-label={t('buy.search.sortBy')}>
        {searchSorts.map((s) => (
          <button key={s} type="button" className={css.sortChip} aria-pressed={value.sort === s} onClick={() => onChange({ ...value, sort: s })} data-testid={`search-sort-${s}`}>
            {t(`buy.search.sort.${s}`)}
          </button>
        ))}
      </div>
      <Filters value={value} onApply={onChange} />
    </div>
  );
}

/** A filtered list with nothing in it: say so and offer to clear the filters (not "check the spelling"). */
export function NothingFiltered({ onClear }: { onClear: () => void }) {
  const t = useT();
  return (
    <div className={`${css.nothingCard}`} data-testid="filtered-nothing">
      <Icon name="filter" size={40} />
      <p className={css.nothingTitle}>{t('buy.search.nothingFiltered')}</p>
      <button type="button" className={button({ tone: 'secondary' })} onClick={onClear} data-testid="clear-filters">
        {t('buy.search.clearFilters')}
      </button>
    </div>
  );
}
