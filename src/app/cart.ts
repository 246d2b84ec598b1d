import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { cartMachine, type CartItem } from '../../machines/cart.machine';
import { listCart, saveCart } from '../api/cart';
import { setCartCount } from './CartButton';
import { useGate } from './gateContext';

/** The page's one cart actor: items kept in local storage (SPEC 1), synced with the account once logged in. */
const storageKey = 'coin-mall.cart';

function readItems(): CartItem[] {
  try {
    const raw = localStorage.getItem(storageKey);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as CartItem[]).filter((i) => typeof i?.skuId === 'string' && typeof i.productId === 'string' && Number.isInteger(i.quantity)) : [];
  } catch {
    return [];
  }
}

/** The first save after login merges the account's cart (another device's lines) into the device's. */
let mergedWithAccount = false;

async function saveMerged(items: CartItem[]) {
  if (!mergedWithAccount) {
    const account = await listCart();
    mergedWithAccount = true;
    const known = new Set(items.map((i) => i.skuId));
    items = [...items, ...account.filter((l) => !known.has(l.skuId)).map((l) => ({ productId: l.productId, skuId: l.skuId, quantity: l.quantity, selected: l.selected }))];
  }
  return saveCart(items);
}

export const liveCart = cartMachine.provide({
  actors: { saveCart: fromPromise(async ({ input }: { input: { items: CartItem[] } }) => saveMerged(input.items)) },
});
export type CartActor = ActorRefFrom<typeof liveCart>;

let actor: CartActor | null = null;

export function cartActor(): CartActor {
  if (actor) return actor;
  const started = createActor(liveCart, { input: { items: typeof localStorage === 'undefined' ? [] : readItems() } });
  let last = '';
  started.subscribe((snapshot) => {
    const next = JSON.stringify(snapshot.context.items);
    if (next !== last) {
      last = next;
      setCartCount(snapshot.context.items.length);
      try {
        localStorage.setItem(storageKey, next);
      } catch {
        // storage full or blocked: the cart still lives in memory and on the account
      }
    }
  });
  started.start();
  actor = started;
  return started;
}

/** The cart actor, synced with the account while the gate is logged in. */
export function useCart(): CartActor {
  const cart = cartActor();
  const gate = useGate();
  const loggedIn = useSelector(gate, (s) => s.context.session !== null);
  useEffect(() => {
    if (loggedIn && cart.getSnapshot().matches('offline')) cart.send({ type: 'SYNC' });
    if (!loggedIn && !cart.getSnapshot().matches('offline')) {
      mergedWithAccount = false;
      cart.send({ type: 'SIGNED_OUT' });
    }
  }, [loggedIn, cart]);
  return cart;
}
