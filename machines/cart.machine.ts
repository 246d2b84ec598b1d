import { assign, setup } from 'xstate';
import { CheckoutRules } from '../src/domain/checkout';
import type { CartLineView } from '../src/domain/types/commerce';
import { fromPromiseStub } from './actorStub';

/**
 * The cart (SPEC 1: persists in local storage; 5 Cart: at least one item selected to check out).
 * The device keeps the items; once logged in the chart syncs them with the account (the server answers
 * each line with its product, price and stock). Every change while logged in is saved again.
 *
 *   offline --SYNC--> saving --> ready --(any change)--> saving
 *   offline: a visitor's (or a logged-out person's) device cart; it only grows (ADD on the product page).
 *   Quantities, selection and removal are the cart tab's, which is a logged-in person's (decision 061).
 *   EDIT / DONE switch the edit mode (select and remove) in any state.
 */
export interface CartItem {
  productId: string;
  skuId: string;
  quantity: number;
  selected: boolean;
}

export interface CartContext {
  items: CartItem[];
  /** The server's view of each line, by SKU id. */
  details: Record<string, CartLineView>;
  editing: boolean;
  saveFailed: boolean;
}

export type CartEvent =
  | { type: 'ADD'; productId: string; skuId: string; quantity: number }
  | { type: 'SET_QUANTITY'; skuId: string; quantity: number }
  | { type: 'TOGGLE'; skuId: string }
  | { type: 'TOGGLE_ALL' }
  | { type: 'REMOVE_SELECTED' }
  | { type: 'CHECKED_OUT'; skuIds: string[] }
  | { type: 'EDIT' }
  | { type: 'DONE' }
  | { type: 'SYNC' }
  | { type: 'SIGNED_OUT' };

const clampQuantity = (q: number, stock: number | undefined) => Math.max(1, Math.min(q, CheckoutRules.maxQuantity, stock && stock > 0 ? stock : CheckoutRules.maxQuantity));

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as { items?: CartItem[] } | undefined,
  },
  actions: {
    add: assign({
      items: ({ context, event }) => {
        if (event.type !== 'ADD') return context.items;
        const found = context.items.find((i) => i.skuId === event.skuId);
        const stock = context.details[event.skuId]?.stock;
        if (found) return context.items.map((i) => (i === found ? { ...i, quantity: clampQuantity(i.quantity + event.quantity, stock), selected: true } : i));
        return [...context.items, { productId: event.productId, skuId: event.skuId, quantity: clampQuantity(event.quantity, stock), selected: true }];
      },
    }),
    setQuantity: assign({
      items: ({ context, event }) =>
        event.type !== 'SET_QUANTITY' ? context.items : context.items.map((i) => (i.skuId === event.skuId ? { ...i, quantity: clampQuantity(event.quantity, context.details[i.skuId]?.stock) } : i)),
    }),
    toggle: assign({
      items: ({ context, event }) => (event.type !== 'TOGGLE' ? context.items : context.items.map((i) => (i.skuId === event.skuId ? { ...i, selected: !i.selected } : i))),
    }),
    toggleAll: assign({
      items: ({ context }) => {
        const all = context.items.every((i) => i.selected);
        return context.items.map((i) => ({ ...i, selected: !all }));
      },
    }),
    removeSelected: assign({ items: ({ context }) => context.items.filter((i) => !i.selected), editing: false }),
    checkedOut: assign({ items: ({ context, event }) => (event.type !== 'CHECKED_OUT' ? context.items : context.items.filter((i) => !event.skuIds.includes(i.skuId))) }),
  },
  actors: {
    /** POST /api/commodity/cart/save: the account keeps the device's items (merged with the account's at the first sync); answers the lines with their details. */
    saveCart: fromPromiseStub<CartLineView[], { items: CartItem[] }>('saveCart'),
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({ items: input?.items ?? [], details: {}, editing: false, saveFailed: false }),
  initial: 'offline',
  on: {
    EDIT: { actions: assign({ editing: true }), meta: { by: 'user' } },
    DONE: { actions: assign({ editing: false }), meta: { by: 'user' } },
  },
  states: {
    offline: {
      on: {
        SYNC: { target: 'saving', meta: { by: 'system' } },
        // A visitor's device cart only grows, on the product page (decision 061): the cart tab, where lines are
        // changed, selected and removed, opens the login sheet first, and logging in syncs.
        ADD: { actions: 'add', meta: { by: 'user' } },
      },
    },
    saving: {
      invoke: {
        id: 'saveCart',
        src: 'saveCart',
        input: ({ context }) => ({ items: context.items }),
        onDone: {
          target: 'ready',
          actions: assign({
            details: ({ event }) => Object.fromEntries(event.output.map((l) => [l.skuId, l])),
            items: ({ event }) => event.output.map((l) => ({ productId: l.productId, skuId: l.skuId, quantity: l.quantity, selected: l.selected })),
            saveFailed: false,
          }),
          meta: { by: 'server' },
        },
        onError: { target: 'ready', actions: assign({ saveFailed: true }), meta: { by: 'server' } },
      },
      on: {
        ADD: { actions: 'add', target: 'saving', reenter: true, meta: { by: 'user' } },
        SET_QUANTITY: { actions: 'setQuantity', target: 'saving', reenter: true, meta: { by: 'user' } },
        TOGGLE: { actions: 'toggle', target: 'saving', reenter: true, meta: { by: 'user' } },
        TOGGLE_ALL: { actions: 'toggleAll', target: 'saving', reenter: true, meta: { by: 'user' } },
        REMOVE_SELECTED: { actions: 'removeSelected', target: 'saving', reenter: true, meta: { by: 'user' } },
        CHECKED_OUT: { actions: 'checkedOut', target: 'saving', reenter: true, meta: { by: 'system' } },
        SIGNED_OUT: { target: 'offline', meta: { by: 'system' } },
      },
    },
    ready: {
      on: {
        ADD: { actions: 'add', target: 'saving', meta: { by: 'user' } },
        SET_QUANTITY: { actions: 'setQuantity', target: 'saving', meta: { by: 'user' } },
        TOGGLE: { actions: 'toggle', target: 'saving', meta: { by: 'user' } },
        TOGGLE_ALL: { actions: 'toggleAll', target: 'saving', meta: { by: 'user' } },
        REMOVE_SELECTED: { actions: 'removeSelected', target: 'saving', meta: { by: 'user' } },
        CHECKED_OUT: { actions: 'checkedOut', target: 'saving', meta: { by: 'system' } },
        SYNC: { target: 'saving', meta: { by: 'system' } },
        SIGNED_OUT: { target: 'offline', meta: { by: 'system' } },
      },
    },
  },
});

/**
 * What a line can be bought as now, from the server's view of it (issue 33, finding 15): no longer for
 * sale, sold out, only `left` pieces for a larger quantity, or as it is. A line not seen by the server yet
 * (a visitor's device cart) is taken as it is: the checkout decides.
 */
export type LineStock = { kind: 'buyable' } | { kind: 'unavailable' } | { kind: 'soldOut' } | { kind: 'onlyLeft'; left: number };

export function lineStock(context: Pick<CartContext, 'details'>, item: Pick<CartItem, 'skuId' | 'quantity'>): LineStock {
  const detail = context.details[item.skuId];
  if (!detail) return { kind: 'buyable' };
  if (!detail.available) return { kind: 'unavailable' };
  if (detail.stock <= 0) return { kind: 'soldOut' };
  if (item.quantity > detail.stock) return { kind: 'onlyLeft', left: detail.stock };
  return { kind: 'buyable' };
}

/** The selected lines that can be checked out as they are (at least one is needed: SPEC 5 Cart); a sold-out line, or one above its stock, waits. */
export function selectedItems(context: CartContext): CartItem[] {
  return context.items.filter((i) => i.selected && lineStock(context, i).kind === 'buyable');
}
