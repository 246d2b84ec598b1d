import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { Party } from '../../machines/parties';
import { startTestServer, type TestServer } from '../../server/testing/testServer';
import { orderDriver } from './drivers/order';
import { randomWalk } from './support/randomWalk';
import { World } from './support/world';

/**
 * The random walk must notice a server that departs from its chart, and shrink to a short sequence
 * naming the step: the seller is paid on shipping (a test double of one effect in server/charts/apply.ts,
 * as in chartMutations.api.test.ts). Without the mutation, randomWalk.api.test.ts passes the same walks.
 */
const mutation = vi.hoisted(() => ({ on: false }));
vi.mock('../../server/charts/apply', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/charts/apply')>();
  return {
    ...real,
    applyEventWithActions(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject, party: Party) {
      const applied = real.applyEventWithActions(machine, snapshot, event, party);
      if (mutation.on && machine.id === 'order' && event.type === 'SHIP') return { ...applied, actions: [...applied.actions, { type: 'payOutSeller', params: undefined }] };
      return applied;
    },
  };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  mutation.on = false;
  await server?.close();
});

describe('the random walk fails on a server that departs from its chart', () => {
  it('pays the seller on shipping: fails at SHIP with the seed and a shrunk sequence', { timeout: 300_000 }, async () => {
    mutation.on = true;
    let message = '';
    const started = Date.now();
    try {
      await randomWalk(orderDriver(new World(server)), { runs: 30, maxSteps: 6, seed: 36 });
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    } finally {
      mutation.on = false;
    }
    console.info(`mutation found in ${Date.now() - started} ms:\n${message.split('\n').slice(0, 6).join('\n')}`);
    expect(message).toContain('seed 36');
    expect(message).toContain('order.notShipped --SHIP#0--> order.sent by seller');
    expect(message).toMatch(/seller moved \d+ \(the chart's effects say 0\)/);
  });
});
