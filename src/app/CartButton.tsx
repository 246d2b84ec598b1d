import { useSyncExternalStore } from 'react';
import { useT } from '../i18n/react';
import { LazyIcon } from './LazyIcon';
import { go } from './navigation';
import * as css from './shell.css';

/**
 * How many lines the cart holds, for the cart buttons of every header. Tiny on purpose (it is part of the
 * first screen): it reads the device's cart (local storage, SPEC 1) until the cart actor (src/app/cart.ts,
 * loaded with the screens that change the cart) reports each change, and follows other tabs of the page.
 */
const storageKey = 'coin-mall.cart';
const listeners = new Set<() => void>();
let count: number | null = null;

function stored(): number {
  try {
    const items: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(items) ? items.length : 0;
  } catch {
    return 0;
  }
}

export function setCartCount(next: number): void {
  if (next === count) return;
  count = next;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey) setCartCount(stored());
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const read = () => (count ??= stored());

/** The number of lines in the cart, kept live. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, read, () => 0);
}

/**
 * The cart, one tap away: an icon with the live count of the cart's lines, for the headers of home, store
 * pages, search results and the product page's bar. A visitor is asked to log in and comes back to the cart.
 */
export function CartButton({ className }: { className?: string }) {
  const t = useT();
  const count = useCartCount();
  return (
    <button
      type="button"
      className={className ? `${css.cartButton} ${className}` : css.cartButton}
      aria-label={count > 0 ? t('shell.cartCount', { count }) : t('shell.cart')}
      onClick={() => go('/product/cart')}
      data-testid="cart-button"
    >
      <LazyIcon name="cart" size={24} />
      {count > 0 ? (
        <span className={css.cartBadge} data-testid="cart-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </button>
  );
}
