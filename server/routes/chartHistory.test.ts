import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartHistory } from '../../src/domain/types/chartHistory';
import { ApiCaller } from '../testing/apiClient';
import { confirmedOrder } from '../testing/confirmedOrder';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * The gallery's replay (issue 26): staff read a real record's recorded history on its chart; nobody else
 * may, not even the record's own buyer or seller (4003), and a bad query answers 4001, never 5000.
 */
let server: TestServer;
let buyer: ApiCaller;
let seller: ApiCaller;
let staff: ApiCaller;
let orderId = '';

beforeAll(async () => {
  server = await startTestServer();
  buyer = new ApiCaller(server.url, server.clock.now);
  seller = new ApiCaller(server.url, server.clock.now);
  staff = new ApiCaller(server.url, server.clock.now);
  orderId = await confirmedOrder(server, { buyer, seller, staff });
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/statecharts/history', () => {
  it("answers staff an order's recorded steps on its chart, oldest first", async () => {
    const answer = await staff.get<ChartHistory>(`/api/statecharts/history?chart=order&id=${orderId}`);
    expect(answer.code).toBe('0000');
    expect(answer.object.start).toBe('atCart');
    expect(answer.object.current).toBe('notShipped');
    expect(answer.object.steps.map((s) => `${s.event}/${s.party}: ${s.from} -> ${s.to}`)).toEqual([
      'SUBMIT/buyer: atCart -> unpaid',
      'PAY/server: unpaid -> paid',
      'CONFIRM/seller: paid -> notShipped',
    ]);
  });

  it("refuses the order's own buyer and seller, and anyone without a session", async () => {
    expect((await buyer.get(`/api/statecharts/history?chart=order&id=${orderId}`)).code).toBe('4003');
    expect((await seller.get(`/api/statecharts/history?chart=order&id=${orderId}`)).code).toBe('4003');
    const anonymous = await new ApiCaller(server.url, server.clock.now).raw('GET', `/api/statecharts/history?chart=order&id=${orderId}`);
    expect(anonymous.code).not.toBe('0000');
    expect(anonymous.status).toBeLessThan(500);
  });

  it('answers 4004 for a record that does not exist and 4001 for a bad query', async () => {
    expect((await staff.get('/api/statecharts/history?chart=withdrawal&id=999999')).code).toBe('4004');
    expect((await staff.get('/api/statecharts/history?chart=afterSale&id=999999')).code).toBe('4004');
    expect((await staff.get('/api/statecharts/history?chart=payment&id=1')).code).toBe('4001');
    expect((await staff.get('/api/statecharts/history?chart=order&id=abc')).code).toBe('4001');
    expect((await staff.get('/api/statecharts/history?chart=order')).code).toBe('4001');
  });
});
