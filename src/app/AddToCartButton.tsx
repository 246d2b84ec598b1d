import { useT } from '../i18n/react';
import { useCart } from './cart';
import { showToast } from './toasts';
import { button } from '../theme/ui.css';

/**
 * Add to cart, for the product detail screen: sends ADD to the page's cart actor (kept on the device,
 * synced with the account). The chosen specification × colour is the SKU id.
 */
export default function AddToCartButton({ productId, skuId, quantity, block = true }: { productId: string; skuId: string | null; quantity: number; block?: boolean }) {
  const t = useT();
  const cart = useCart();
  return (
    <button
      type="button"
      className={button({ tone: 'secondary', block })}
      disabled={!skuId || quantity < 1}
      data-testid="add-to-cart"
      onClick={() => {
        if (!skuId) return;
        cart.send({ type: 'ADD', productId, skuId, quantity });
        showToast(t('cart.added'), 'success');
      }}
    >
      {t('cart.add')}
    </button>
  );
}
