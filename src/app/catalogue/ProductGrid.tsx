import { preloadProductDetail } from '../../api/catalogue';
import type { ProductCard } from '../../domain/types/catalogue';
import { useLanguage, useT } from '../../i18n/react';
import { button, muted, skeleton, ownDirection } from '../../theme/ui.css';
import { go } from '../navigation';
import * as css from './catalogue.css';
import type { usePager } from './usePager';
import { compactCount, ratingText } from './trustFormat';

/**
 * A tile's trust line (issue 33): "★ 4.8 · 1.2k sold" from the card's own figures. No ratings: no stars (never
 * "0.0"), only what sold; nothing sold either: no line.
 */
function TileTrust({ product }: { product: ProductCard }) {
  const t = useT();
  const language = useLanguage();
  if (product.rating === null && product.sold === 0) return null;
  const rating = product.rating === null ? null : ratingText(language, product.rating);
  return (
    <span className={css.trust} data-testid="tile-trust">
      {rating !== null ? (
        <>
          <span className={css.star} aria-hidden="true">
            ★
          </span>
          <span aria-hidden="true" data-testid="tile-rating">{rating}</span>
          <span className={css.visuallyHidden}>{t('feed.trust.rated', { rating })}</span>
        </>
      ) : null}
      {rating !== null && product.sold > 0 ? <span aria-hidden="true">·</span> : null}
      {product.sold > 0 ? <span data-testid="tile-sold">{t('feed.trust.sold', { count: product.sold, n: compactCount(language, product.sold) })}</span> : null}
    </span>
  );
}
import { Money } from '../Money';

/** A product tile: card-size WebP with its width and height, lazy except for the first row (the largest paint). */
export function ProductTile({ product, eager, extra }: { product: ProductCard; eager?: boolean; extra?: string }) {
  const t = useT();
  return (
    <button
      type="button"
      className={css.tile}
      data-testid="product-tile"
      onClick={() => {
        preloadProductDetail(product.id); // the page's detail is asked for while the page opens (issue 33, finding 12)
        go(`/product/detail?id=${product.id}`);
      }}
    >
      {product.image ? (
        <img
          className={css.tileImage}
          src={product.image.urls.card}
          srcSet={`${product.image.urls.thumb} 240w, ${product.image.urls.card} 480w`}
          sizes="(max-width: 420px) 50vw, 190px"
          width={480}
          height={480}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          {...(eager ? { fetchPriority: 'high' as const } : {})}
        />
      ) : (
        <div className={css.tileImage} />
      )}
      <span className={css.tileBody}>
        <span className={`${css.tileTitle} ${ownDirection}`} dir="auto">
          {product.title}
        </span>
        <Money amount={product.price} className={css.price} />
        <TileTrust product={product} />
        <span className={css.small}>
          {t(`catalogue.condition.${product.condition}`)} · {product.sellerName}
        </span>
        {extra ? <span className={css.badge}>{extra}</span> : null}
      </span>
    </button>
  );
}

export function SkeletonGrid({ count = 6 }: { count?: number }) {
  return (
    <div className={css.grid} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`${skeleton} ${css.skeletonTile}`} />
      ))}
    </div>
  );
}

/** A paged grid of products: skeletons first, then tiles, more as the end scrolls into view, an empty state, a retry. */
export function ProductGrid({ pager, empty }: { pager: ReturnType<typeof usePager<ProductCard>>; empty?: string }) {
  const t = useT();
  const { state, items, sentinel } = pager;
  if (state === 'loading' && items.length === 0) return <SkeletonGrid />;
  if (state === 'failed' && items.length === 0) {
    return (
      <div role="alert">
        <p className={muted}>{t('feed.loadFailed')}</p>
        <button type="button" className={button({ tone: 'secondary' })} onClick={pager.retry}>
          {t('app.retry')}
        </button>
      </div>
    );
  }
  if (state === 'end' && items.length === 0) return <p className={muted} data-testid="empty-list">{empty ?? t('feed.empty')}</p>;
  return (
    <>
      <div className={css.grid} data-testid="product-grid">
        {items.map((p, i) => (
          <ProductTile key={p.id} product={p} eager={i < 2} />
        ))}
      </div>
      <div ref={sentinel} className={css.footer}>
        {state === 'loading' ? t('feed.loadingMore') : state === 'end' ? t('feed.end') : null}
        {state === 'failed' ? (
          <button type="button" className={button({ tone: 'secondary' })} onClick={pager.retry}>
            {t('app.retry')}
          </button>
        ) : null}
      </div>
    </>
  );
}
