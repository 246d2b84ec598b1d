import { useEffect, useMemo, useRef, useState } from 'react';
import AddToCartButton from '../../src/app/AddToCartButton';
import { useCartCount } from '../../src/app/CartButton';
import { Icon } from '../../src/app/Icon';
import { OwnerBar } from './OwnerBar';
import { go } from '../../src/app/navigation';
import { Sheet } from '../../src/app/Sheet';
import { parseMoney } from '../../src/domain/money';
import type { ProductDetail } from '../../src/domain/types/catalogue';
import { chooseVariantValue, chosenVariant, initialVariantChoice, variantOptions, type VariantChoice } from '../../src/domain/variants';
import { useT } from '../../src/i18n/react';
import { button, muted } from '../../src/theme/ui.css';
import * as css from './product.css';
import { Money } from '../../src/app/Money';
import { moneyText } from '../../src/app/moneyText';

/**
 * Buying from the product page (issue 22, finding 4): the sticky bar (Chat | Store | Cart | Add to cart |
 * Buy now) that never scrolls away, the specification sheet both buy actions open (the price and stock of
 * the chosen combination, the quantity). The full-screen photo viewer is src/app/PhotoViewer.tsx.
 */
export interface SkuChoice {
  skuId: string | null;
  quantity: number;
}
/** Which action opened the sheet: add to cart, buy now, or only choosing (from the page's row). */
export type SheetMode = 'cart' | 'buy' | 'choose';

/** The first specification and colour with stock (else the first), one piece. */
export function firstChoice(product: ProductDetail): SkuChoice {
  const sku = product.skus.find((s) => s.stock > 0) ?? product.skus[0];
  return { skuId: sku?.id ?? null, quantity: 1 };
}

/** One shipping line: free when the method is free or the fee is 0. */
export function isFreeShipping(product: Pick<ProductDetail, 'shippingMethod' | 'shippingFee'>): boolean {
  return product.shippingMethod === 'free' || parseMoney(product.shippingFee) === 0n;
}

export function ProductBar({ product, owner, onSheet }: { product: ProductDetail; owner: boolean; onSheet: (mode: SheetMode) => void }) {
  const t = useT();
  const count = useCartCount();
  const buyable = product.status === 'normal' && !owner && product.skus.some((s) => s.stock > 0);
  // A seller on their own product: its state and Edit / Take down instead of Buy buttons (issue 37, finding 4).
  if (owner) return <OwnerBar product={product} />;
  return (
    <nav className={css.buyBar} aria-label={t('buy.product.bar')} data-testid="product-bar">
      {!owner && (
        <button type="button" className={css.barIcon} onClick={() => go(`/chatRoom?seller=${product.seller.id}&product=${product.id}`)} data-testid="bar-chat">
          <Icon name="chat" />
          <span>{t('buy.product.chat')}</span>
        </button>
      )}
      <button type="button" className={css.barIcon} onClick={() => go(`/product/store?id=${product.seller.id}`)} data-testid="bar-store">
        <Icon name="store" />
        <span>{t('buy.product.store')}</span>
      </button>
      <button type="button" className={css.barIcon} onClick={() => go('/product/cart')} data-testid="bar-cart" aria-label={count > 0 ? t('buy.product.cartWith', { count }) : t('buy.product.cart')}>
        <span className={css.barBadgeWrap}>
          <Icon name="cart" />
          {count > 0 && (
            <span className={css.barBadge} aria-hidden="true" data-testid="bar-cart-count">
              {count > 99 ? '99+' : count}
            </span>
          )}
        </span>
        <span aria-hidden="true">{t('buy.product.cart')}</span>
      </button>
      <div className={css.barActions}>
        <button type="button" className={css.barAdd} disabled={!buyable} onClick={() => onSheet('cart')} data-testid="add-to-cart-open">
          {t('cart.add')}
        </button>
        <button type="button" className={css.barBuy} disabled={!buyable} onClick={() => onSheet('buy')} data-testid="buy-now-open">
          {t('catalogue.detail.buyNow')}
        </button>
      </div>
    </nav>
  );
}

/** The specification sheet: picture, the price and stock of the chosen combination, specification, colour, quantity; then the action. */
export function SpecSheet({ product, mode, choice, onChoice, onClose }: { product: ProductDetail; mode: SheetMode; choice: SkuChoice; onChoice: (c: SkuChoice) => void; onClose: () => void }) {
  const t = useT();
  // Specification, then colour (src/domain/variants.ts): only combinations that exist are offered.
  const variants = useMemo(() => product.skus.map((s) => ({ id: s.id, stock: s.stock, values: [s.specification, s.colour] })), [product.skus]);
  const [values, setValues] = useState<VariantChoice>(() => initialVariantChoice(variants, 2, choice.skuId));
  const [spec, colour] = values;
  const chosenId = chosenVariant(variants, values)?.id;
  const chosen = product.skus.find((s) => s.id === chosenId) ?? null;
  const stock = chosen?.stock ?? 0;
  const quantity = Math.max(1, Math.min(choice.quantity, Math.max(1, stock)));
  const pick = (dimension: number, value: string) => setValues(chooseVariantValue(variants, values, dimension, value));
  // The page keeps the choice (its row shows it).
  useEffect(() => {
    if (chosen && (chosen.id !== choice.skuId || quantity !== choice.quantity)) onChoice({ skuId: chosen.id, quantity });
  }, [chosen, quantity, choice, onChoice]);
  const setQuantity = (q: number) => onChoice({ skuId: chosen?.id ?? null, quantity: Math.max(1, Math.min(q, stock)) });
  const buyable = product.status === 'normal' && chosen !== null && stock > 0;
  const total = parseMoney(product.price) * BigInt(quantity);
  const image = product.images[0];
  return (
    <Sheet
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('buy.product.sheetTitle')}
      testId="spec-sheet"
      footer={
        mode === 'choose' ? (
          <button type="button" className={button({ block: true })} onClick={onClose} data-testid="spec-done">
            {t('buy.product.done')}
          </button>
        ) : mode === 'cart' ? (
          <div onClick={() => buyable && setTimeout(onClose)}>
            <AddToCartButton productId={product.id} skuId={buyable ? chosen.id : null} quantity={quantity} />
          </div>
        ) : (
          <button
            type="button"
            className={button({ block: true })}
            disabled={!buyable}
            data-testid="buy-now"
            onClick={() => {
              if (!chosen) return;
              onClose();
              go(`/product/submit-order?buy=${product.id}:${chosen.id}:${quantity}`);
            }}
          >
            {t('catalogue.detail.buyNow')}
          </button>
        )
      }
    >
      <div className={css.sheetHead}>
        {image ? <img className={css.sheetThumb} src={image.urls.thumb} alt="" width={88} height={88} /> : <span className={css.sheetThumb} aria-hidden="true" />}
        <div className={css.sheetFacts}>
          <p className={css.sheetPrice} data-testid="spec-price">
            <Money amount={total} />
          </p>
          {quantity > 1 && <p className={muted}>{t('buy.product.each', { price: moneyText(product.price) })}</p>}
          <p className={muted} data-testid="sku-stock" aria-live="polite">
            {chosen && stock > 0 ? t('catalogue.detail.stock', { n: String(stock) }) : t('catalogue.detail.soldOut')}
          </p>
          <p className={muted}>{chosen ? `${chosen.specification} · ${chosen.colour}` : ''}</p>
        </div>
      </div>
      <h3 className={css.sheetLabel}>{t('catalogue.detail.specification')}</h3>
      <div className={css.chips} role="group" aria-label={t('catalogue.detail.specification')}>
        {variantOptions(variants, values, 0).map(({ value: s, stock: left }) => (
          <button key={s} type="button" className={`${css.chip} ${s === spec ? css.chipOn : ''}`} aria-pressed={s === spec} disabled={left === 0} onClick={() => pick(0, s)} data-testid="spec-option">
            {s}
          </button>
        ))}
      </div>
      <h3 className={css.sheetLabel}>{t('catalogue.detail.colour')}</h3>
      <div className={css.chips} role="group" aria-label={t('catalogue.detail.colour')}>
        {variantOptions(variants, values, 1).map(({ value: c, stock: left }) => (
          <button key={c} type="button" className={`${css.chip} ${c === colour ? css.chipOn : ''}`} aria-pressed={c === colour} disabled={left === 0} onClick={() => pick(1, c)} data-testid="colour-option">
            {c}
          </button>
        ))}
      </div>
      <div className={css.quantityRow}>
        <h3 className={css.sheetLabel} id="spec-quantity">
          {t('buy.product.quantity')}
        </h3>
        <span className={css.stepper} role="group" aria-labelledby="spec-quantity">
          <button type="button" className={css.stepButton} aria-label={t('cart.less')} disabled={quantity <= 1} onClick={() => setQuantity(quantity - 1)} data-testid="spec-less">
            <Icon name="minus" size={16} />
          </button>
          <output data-testid="spec-quantity" aria-live="polite">
            {quantity}
          </output>
          <button type="button" className={css.stepButton} aria-label={t('cart.more')} disabled={quantity >= stock} onClick={() => setQuantity(quantity + 1)} data-testid="spec-more">
            <Icon name="plus" size={16} />
          </button>
        </span>
      </div>
    </Sheet>
  );
}
