import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { Party } from '../../machines/parties';
import { startTestServer, type TestServer } from '../../server/testing/testServer';
import { afterSaleDriver } from './drivers/afterSale';
import { orderDriver } from './drivers/order';
import { productDriver } from './drivers/product';
import { workOrderDriver } from './drivers/workOrder';
import { walkApi, type Edge } from './support/apiWalk';
import { World } from './support/world';

/**
 * Mutation checks (issue 26): the API-level model test must notice a server that moves money or
 * status differently from the chart. Each mutation is a test double of one server effect, applied
 * in-process to the server's one place that applies a chart (server/charts/apply.ts), and the walk
 * must fail naming the transition. Without a mutation the same walk passes (the last test), so the
 * failures come from the mutations alone. The walks themselves are in charts.api.test.ts. These check the walk,
 * not the database: they run once, on PostgreSQL (the server-postgres-mocked project).
 */
type Mutation = 'payOnShip' | 'buyerCancelsAfterShipping' | 'confirmWindowKeepsMoney' | 'partialPaysInFull' | 'closeUnrecorded' | 'approvalRecordedTwice' | null;
const mutation = vi.hoisted(() => ({ current: null as Mutation }));

vi.mock('../../server/charts/apply', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/charts/apply')>();
  return {
    ...real,
    applyEventWithActions(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject, party: Party) {
      const isOrder = machine.id === 'order';
      if (machine.id === 'afterSale' && mutation.current === 'partialPaysInFull' && event.type === 'DECIDE_PARTIAL') {
        // The arbiter's partial refund pays the whole amount asked.
        return real.applyEventWithActions(machine, snapshot, { type: 'DECIDE_FULL', reason: String(event.reason) }, party);
      }
      if (isOrder && mutation.current === 'buyerCancelsAfterShipping' && event.type === 'CANCEL' && party === 'buyer' && snapshot.value === 'sent') {
        // The buyer may cancel a shipped order (as if it were still paid): refunded, stock back.
        return real.applyEventWithActions(machine, machine.resolveState({ value: 'paid', context: snapshot.context }), event, party);
      }
      const applied = real.applyEventWithActions(machine, snapshot, event, party);
      if (isOrder && mutation.current === 'payOnShip' && event.type === 'SHIP') {
        // The seller is paid on shipping instead of on receipt.
        return { ...applied, actions: [...applied.actions, { type: 'payOutSeller', params: undefined }] };
      }
      if (isOrder && mutation.current === 'confirmWindowKeepsMoney' && event.type.startsWith('xstate.after.sellerConfirmWindow')) {
        // The 24 h window cancels the order but keeps the buyer's money in escrow.
        return { ...applied, actions: applied.actions.filter((a) => a.type !== 'refundBuyer') };
      }
      return applied;
    },
  };
});

// Issue 35: every step written once to chart_steps. A server that forgets a step, or writes one twice, fails the walk.
vi.mock('../../server/charts/steps', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/charts/steps')>();
  return {
    ...real,
    async recordChartStep(...args: Parameters<typeof real.recordChartStep>) {
      const [, chart, , step] = args;
      if (mutation.current === 'closeUnrecorded' && chart === 'workOrder' && step.event === 'CLOSE') return;
      await real.recordChartStep(...args);
      if (mutation.current === 'approvalRecordedTwice' && chart === 'product' && step.event === 'APPROVE') await real.recordChartStep(...args);
    },
  };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  mutation.current = null;
  await server?.close();
});

const through = (...keys: string[]) => (edge: Edge) => keys.includes(edge.key);
const ship = 'order.notShipped --SHIP#0--> order.sent';
const confirmWindow = 'order.paid --xstate.after.sellerConfirmWindow.order.paid#0--> order.canceled';

async function walkWith(m: Mutation, only: (edge: Edge) => boolean, negatives: boolean) {
  mutation.current = m;
  try {
    return await walkApi(orderDriver(new World(server)), { only, negatives });
  } finally {
    mutation.current = null;
  }
}

describe('the API-level model test fails on a server that departs from its chart', { timeout: 90_000 }, () => {
  it('pays the seller on shipping instead of on receipt: fails at SHIP, naming it', async () => {
    const result = await walkWith('payOnShip', through(ship), false);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]?.transition).toBe(ship);
    expect(result.failures[0]?.message).toContain(`${ship} by seller`);
    expect(result.failures[0]?.message).toMatch(/seller moved \d+ \(the chart's effects say 0\)/);
  });

  it("lets the buyer cancel after shipping: the refused step in 'sent' is accepted, and the walk says so", async () => {
    const result = await walkWith('buyerCancelsAfterShipping', through(ship), true);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]?.message).toMatch(/^"sent": CANCEL by buyer was not refused: 0000/);
  });

  it('keeps the buyer’s money when the 24 h confirmation window cancels: fails at that timer', async () => {
    const result = await walkWith('confirmWindowKeepsMoney', through(confirmWindow), false);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]?.message).toContain(`${confirmWindow} by system`);
    expect(result.failures[0]?.message).toMatch(/buyer moved 0 \(the chart's effects say \d+\)/);
  });

  it('fails naming the transition when an after-sale partial decision refunds the whole amount', async () => {
    const partial = 'afterSale.underAppeal --DECIDE_PARTIAL#0--> afterSale.refunded';
    mutation.current = 'partialPaysInFull';
    try {
      const result = await walkApi(afterSaleDriver(new World(server)), { only: (e) => e.key === partial, negatives: false });
      // Once per application (refund only: 3 asked; return and refund: 6 asked); the arbiter decided 1.
      expect(result.failures.map((f) => f.transition)).toEqual([partial, partial]);
      expect(result.failures[0]?.message).toContain(`${partial} by arbiter: buyer moved 30000000 (the chart's effects say 10000000)`);
      expect(result.failures[1]?.message).toContain(`${partial} by arbiter: buyer moved 60000000 (the chart's effects say 10000000)`);
    } finally {
      mutation.current = null;
    }
  });

  it('fails when a step is not written to chart_steps, or written twice', async () => {
    mutation.current = 'closeUnrecorded';
    try {
      const result = await walkApi(workOrderDriver(new World(server)), { only: (e) => e.event.type === 'CLOSE' && e.party === 'user', negatives: false });
      expect(result.failures.length).toBeGreaterThan(0);
      for (const f of result.failures) expect(f.message).toContain('chart_steps gained 0 rows (none), the step is CLOSE by user');
      mutation.current = 'approvalRecordedTwice';
      const twice = await walkApi(productDriver(new World(server)), { only: (e) => e.event.type === 'APPROVE', negatives: false });
      expect(twice.failures.length).toBeGreaterThan(0);
      for (const f of twice.failures) expect(f.message).toContain('chart_steps gained 2 rows (APPROVE by staff, APPROVE by staff)');
    } finally {
      mutation.current = null;
    }
  });

  it('passes the same walks without a mutation', async () => {
    expect((await walkWith(null, through(ship, confirmWindow), true)).failures).toEqual([]);
  });
});
