import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { Party } from '../../machines/parties';
import { startTestServer, type TestServer } from '../../server/testing/testServer';
import { orderDriver } from './drivers/order';
import { walkApi, type Edge } from './support/apiWalk';
import { recordApiCoverage, reportGuards } from './support/coverageLevels';
import { World } from './support/world';

/**
 * The order chart walked through the API (model-tests/api/support/apiWalk.ts), and the mutation checks.
 *
 * Mutation checks (issue 26): the API-level model test must notice a server that moves money or
 * status differently from the chart. Each mutation is a test double of one server effect, applied
 * in-process to the server's one place that applies a chart (server/charts/apply.ts), and the walk
 * must fail naming the transition. Without a mutation the same walk passes (the last test), so the
 * failures come from the mutations alone.
 */
type Mutation = 'payOnShip' | 'buyerCancelsAfterShipping' | 'confirmWindowKeepsMoney' | null;
const mutation = vi.hoisted(() => ({ current: null as Mutation }));

vi.mock('../../server/charts/apply', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/charts/apply')>();
  return {
    ...real,
    applyEventWithActions(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject, party: Party) {
      const isOrder = machine.id === 'order';
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

it('walks every transition of the order chart through the API, with its negative steps', { timeout: 240_000 }, async () => {
  const driver = orderDriver(new World(server));
  const result = await walkApi(driver);
  reportGuards(result);
  expect(result.failures).toEqual([]);
  expect(result.missing).toEqual([]);
  recordApiCoverage(result, driver.machine);
});

describe('the API-level model test fails on a server that departs from the order chart', () => {
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

  it('passes the same walks without a mutation', async () => {
    expect((await walkWith(null, through(ship, confirmWindow), true)).failures).toEqual([]);
  });
});
