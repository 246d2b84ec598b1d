import { memo } from 'react';
import { compactCount, ratingText, replyTimeText, shareText } from '../../src/app/catalogue/trustFormat';
import type { ShopTrust } from '../../src/domain/trust';
import { useLanguage, useT } from '../../src/i18n/react';
import * as css from './product.css';

/**
 * A shop's trust figures (issue 33, finding 7) as the store header and the product page show them: shop rating,
 * share shipped on time, typical reply time, on Coin Mall since. A figure with nothing behind it yet is left out;
 * a shop with none says "New shop".
 */
const monthYear = new Map<string, Intl.DateTimeFormat>();

/** "Nov 2026" in the reader's language; one formatter per language (making one cost ~5 ms a render on a slow phone: issue 33, finding 12). */
export function monthYearText(language: string, iso: string): string {
  let format = monthYear.get(language);
  if (!format) monthYear.set(language, (format = new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric' })));
  return format.format(new Date(iso));
}

/**
 * Memoised: the product page's own changes (its specification sheet opened) leave the shop's figures as they are.
 * `complete`: the seller's own view (the seller centre) shows every figure, one with nothing behind it yet saying so.
 */
export const ShopFigures = memo(function ShopFigures({ trust, complete = false }: { trust: ShopTrust; complete?: boolean }) {
  const t = useT();
  const language = useLanguage();
  const figures: { key: string; label: string; value: string; testId: string; empty?: boolean }[] = [];
  const nothingYet = (key: string, label: string, value: string, testId: string) => {
    if (complete) figures.push({ key, label, value, testId, empty: true });
  };
  if (trust.rating === null) nothingYet('rating', t('feed.trust.shopRating'), t('sellerDay.performance.noRatings'), 'shop-rating');
  else {
    figures.push({
      key: 'rating',
      label: `${t('feed.trust.shopRating')} · ${t('feed.trust.ratings', { count: trust.ratings, n: compactCount(language, trust.ratings) })}`,
      value: `★ ${ratingText(language, trust.rating)}`,
      testId: 'shop-rating',
    });
  }
  if (trust.onTimeShare !== null) figures.push({ key: 'onTime', label: t('feed.trust.onTime'), value: shareText(language, trust.onTimeShare), testId: 'shop-on-time' });
  else nothingYet('onTime', t('feed.trust.onTime'), t('sellerDay.performance.noShipments'), 'shop-on-time');
  if (trust.responseMs !== null) figures.push({ key: 'replies', label: t('feed.trust.replies'), value: replyTimeText(language, trust.responseMs), testId: 'shop-reply-time' });
  else nothingYet('replies', t('feed.trust.replies'), t('sellerDay.performance.noReplies'), 'shop-reply-time');
  const isNew = figures.every((f) => f.empty);
  figures.push({ key: 'since', label: t('feed.trust.since'), value: monthYearText(language, trust.since), testId: 'shop-since' });
  return (
    <div data-testid="shop-figures">
      {isNew ? (
        <p className={css.newShop} data-testid="shop-new">
          {t('feed.trust.newShop')}
        </p>
      ) : null}
      <dl className={css.storeStats}>
        {figures.map((f) => (
          <div key={f.key} className={css.storeStat}>
            <dt className={css.storeStatLabel}>{f.label}</dt>
            <dd className={f.empty ? css.trustNone : css.trustFigure} data-testid={f.testId} data-empty={f.empty ? '' : undefined}>
              <bdi>{f.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
});
