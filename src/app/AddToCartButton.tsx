import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { listCart } from '../api/cart';
import { useT } from '../i18n/react';
import { useCart } from './cart';
import { useGate } from './gateContext';
import { showToast } from './toasts';
import { button } from '../theme/ui.css';

/**
 * Add to cart, for the product detail screen: sends ADD to the page's cart actor (kept on the device,
 * synced with the account). The chosen specification × colour is the SKU id. A logged-in person's
 * account is asked first (a signed call), so a frozen account is refused and told so with the reason
 * by the shell's reaction, instead of a line added on the device only.
 */
export default function AddToCartButton({ productId, skuId, quantity, block = true }: { productId: string; skuId: string | null; quantity: number; block?: boolean }) {
  const t = useT();
  const cart = useCart();
  const gate = useGate();
  const loggedIn = useSelector(gate, (s) => s.context.session !== null);
  const [busy, setBusy] = useState(false);
  const add = async (sku: string) => {
    if (loggedIn) {
      setBusy(true);
      try {
        await listCart();
      } catch {
        return; // the shell's reaction has told the person why
      } finally {
        setBusy(false);
      }
    }
    cart.send({ type: 'ADD', productId, skuId: sku, quantity });
    showToast(t('cart.added'), 'success', 4000, { label: t('journey.viewCart'), to: '/product/cart' });
  };
  return (
    <button
      type="button"
      className={button({ tone: 'secondary', block })}
      disabled={!skuId || quantity < 1 || busy}
      data-testid="add-to-cart"
      onClick={() => {
        if (skuId) void add(skuId);
      }}
    >
      {t('cart.add')}
    </button>
  );
}
