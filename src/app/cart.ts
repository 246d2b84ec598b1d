import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { cartMachine, type CartItem } from '../../machines/cart.machine';
import type { CartLineView } from '../domain/types/commerce';
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

/**
 * The first save after login merges the account's cart (another device's lines) into the device's.
 * Saves go to the server one after another, and a save the chart no longer waits for (the cart changed
 * again meanwhile: `saving` re-entered, its invocation stopped) is not sent at all: the server replaces the
 * account's cart with each save, so a slow save answered after a later one would put back lines the person
 * removed or checked out (issue 36: they came back at the next login's merge). One already sent is waited
 * for before the next goes. The account's lines a stopped save merged stay to be merged into the next save,
 * until a save whose answer the chart takes carries them.
 */
let mergedWithAccount = false;
let accountLines: CartItem[] = [];
let previousSave: Promise<unknown> = Promise.resolve();

async function saveMerged(items: CartItem[], signal: AbortSignal): Promise<CartLineView[]> {
  const run = previousSave.then(async () => {
    if (signal.aborted) throw new Error('a later save took its place');
    if (!mergedWithAccount) {
      const account = await listCart();
      mergedWithAccount = true;
      const onDevice = new Set(items.map((i) => i.skuId)); // a line on both keeps the device's quantity and selection
      accountLines = account.filter((l) => !onDevice.has(l.skuId)).map((l) => ({ productId: l.productId, skuId: l.skuId, quantity: l.quantity, selected: l.selected }));
    }
    const known = new Set(items.map((i) => i.skuId));
    const answer = await saveCart([...items, ...accountLines.filter((l) => !known.has(l.skuId))]);
    if (!signal.aborted) accountLines = [];
    return answer;
  });
  previousSave = run.catch(() => undefined);
  return run;
}

/** Logged out: the next login merges that account's cart again. */
function forgetAccount(): void {
  mergedWithAccount = false;
  accountLines = [];
}

export const liveCart = cartMachine.provide({
  actors: { saveCart: fromPromise(async ({ input, signal }: { input: { items: CartItem[] }; signal: AbortSignal }) => saveMerged(input.items, signal)) },
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
      forgetAccount();
      cart.send({ type: 'SIGNED_OUT' });
    }
  }, [loggedIn, cart]);
  return cart;
}
