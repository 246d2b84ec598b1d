import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderUiModel, type OrderUiWorld } from '../../screens/order/order.ui-model';
import { describeFailure, recordUiCoverage, walkUi, type UiModel } from './support/uiWalk';
import { defaultAddress, elapse, freshProduct, openStage, photo, type Stage } from './support/world';

/**
 * The order chart walked through the buyer's and the seller's screens in Chromium (issue 26, UI level):
 * the table of what each state shows and how each step is taken is screens/order/order.ui-model.ts.
 * One app and one browser for the file; each path its own product and order.
 */
let stage: Stage;
beforeAll(async () => {
  stage = await openStage(['demo_buyer', 'demo_seller']);
  await defaultAddress(stage.app, 'demo_buyer');
});
afterAll(async () => {
  await stage?.close();
});

let paths = 0;
export function orderWorldModel(s: () => Stage): UiModel<OrderUiWorld> {
  return {
    ...orderUiModel,
    begin: async () => {
      const { app, people } = s();
      paths += 1;
      const product = await freshProduct(app, 'demo_seller', `Model path ${paths} pot`);
      const world: OrderUiWorld = {
        url: app.url,
        buyer: people.demo_buyer?.page as OrderUiWorld['buyer'],
        seller: people.demo_seller?.page as OrderUiWorld['seller'],
        product,
        orderId: null,
        findOrder: async () => {
          const row = await app.deps.db
            .selectFrom('orders')
            .innerJoin('order_items', 'order_items.order_id', 'orders.id')
            .select('orders.id')
            .where('order_items.product_id', '=', BigInt(product.productId))
            .orderBy('orders.id', 'desc')
            .executeTakeFirstOrThrow();
          return row.id.toString();
        },
        elapse: (ms) => elapse(app, ms),
        photo,
        caseId: async () => {
          const row = await app.deps.db.selectFrom('orders').select('chart').where('id', '=', BigInt(world.orderId ?? '0')).executeTakeFirstOrThrow();
          return (row.chart.context as { afterSale: { caseId: string } | null }).afterSale?.caseId ?? '';
        },
      };
      return world;
    },
  };
}

describe('the order chart through the buyer’s and the seller’s screens', () => {
  it('walks every transition a screen can take; each state shows what the chart says', { timeout: 600_000 }, async () => {
    const model = orderWorldModel(() => stage);
    const result = await walkUi(model);
    for (const f of result.failures) console.error(describeFailure('order', f));
    expect(result.unknown).toEqual([]);
    expect(result.failures.map((f) => describeFailure('order', f))).toEqual([]);
    expect(result.missing).toEqual(Object.keys(model.notWalkable).sort());
    recordUiCoverage(result, model.machine);
  });
});
