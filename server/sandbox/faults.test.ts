import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * The sandbox failing on demand (issue 36, server/sandbox/faults.ts): a test arms a fault and the next
 * answer of that kind fails as a real platform or host can; the switch does not exist outside sandbox mode.
 */
async function call(base: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, { method, headers: body === undefined ? {} : { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) as Record<string, unknown> };
}

describe('sandbox faults', () => {
  let server: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    [server, off] = await Promise.all([startTestServer(), startTestServer({ sandbox: false })]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), off?.close()]);
  });

  it('cannot be armed with SANDBOX=0: there is no switch, and the host endpoints it steers do not exist', async () => {
    expect(off.deps.config.sandbox).toBe(false);
    for (const [method, path] of [
      ['POST', '/sandbox/api/faults'],
      ['GET', '/sandbox/api/faults'],
      ['DELETE', '/sandbox/api/faults'],
      ['GET', '/sandbox/api/ads/support'],
      ['POST', '/sandbox/api/ads/fill'],
    ] as const) {
      const answer = await call(off.url, method, path, method === 'POST' ? { fault: 'signFails' } : undefined);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
  });

  it('refuses an unknown fault or count with a code and a message, never a 500', async () => {
    for (const body of [{ fault: 'everythingFails' }, { fault: 'signFails', times: 0 }, { fault: 'signFails', times: 1.5 }, { fault: 'signFails', extra: 1 }, {}]) {
      const answer = await call(server.url, 'POST', '/sandbox/api/faults', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json).toMatchObject({ error: 'invalid_request' });
      expect(String(answer.json.error_message).length).toBeGreaterThan(5);
    }
    expect((await call(server.url, 'GET', '/sandbox/api/faults')).json).toEqual({ armed: {} });
  });

  it('fails the ad network’s answers as armed, each for as many answers as asked, then answers as before', async () => {
    expect((await call(server.url, 'GET', '/sandbox/api/ads/support')).json).toEqual({ supported: true });
    expect((await call(server.url, 'POST', '/sandbox/api/faults', { fault: 'adsUnsupported', times: 2 })).status).toBe(201);
    expect((await call(server.url, 'GET', '/sandbox/api/ads/support')).json).toEqual({ supported: false });
    expect((await call(server.url, 'GET', '/sandbox/api/ads/support')).json).toEqual({ supported: false });
    expect((await call(server.url, 'GET', '/sandbox/api/ads/support')).json).toEqual({ supported: true });

    await call(server.url, 'POST', '/sandbox/api/faults', { fault: 'adNetworkDown' });
    expect(await call(server.url, 'GET', '/sandbox/api/ads/support')).toMatchObject({ status: 409, json: { error: 'ad_network_down' } });

    expect((await call(server.url, 'POST', '/sandbox/api/ads/fill', {})).json).toEqual({ loaded: true });
    await call(server.url, 'POST', '/sandbox/api/faults', { fault: 'adsUnfilled' });
    expect((await call(server.url, 'POST', '/sandbox/api/ads/fill', {})).json).toEqual({ loaded: false });
    expect((await call(server.url, 'POST', '/sandbox/api/ads/fill', {})).json).toEqual({ loaded: true });

    // An ad refused when shown, and one watched to the end that the network does not grant.
    const username = `fault_${crypto.randomBytes(4).toString('hex')}`;
    const wallet = await call(server.url, 'POST', '/sandbox/api/wallets', { username });
    const { accessToken } = (await call(server.url, 'POST', '/sandbox/api/auth', { uid: wallet.json.uid })).json as { accessToken: string };
    await call(server.url, 'POST', '/sandbox/api/faults', { fault: 'adShowUnsupported' });
    expect(await call(server.url, 'POST', '/sandbox/api/ads', { accessToken })).toMatchObject({ status: 409, json: { error: 'ads_not_supported' } });
    const ad = await call(server.url, 'POST', '/sandbox/api/ads', { accessToken });
    expect(ad.status).toBe(201);
    await call(server.url, 'POST', '/sandbox/api/faults', { fault: 'adNotGranted' });
    expect((await call(server.url, 'POST', `/sandbox/api/ads/${String(ad.json.adId)}/verdict`, { status: 'granted' })).json).toMatchObject({ status: 'revoked' });
    const status = await fetch(`${server.url}/sandbox/platform/v2/ads_network/status/${String(ad.json.adId)}`, { headers: { Authorization: `Key ${server.deps.config.piApiKey}` } });
    expect(((await status.json()) as { mediator_ack_status: unknown }).mediator_ack_status).toBe('revoked');
  });

  it('makes the wallet fail to sign once, and disarms everything on DELETE', async () => {
    await call(server.url, 'POST', '/sandbox/api/faults', { fault: 'signFails' });
    await call(server.url, 'POST', '/sandbox/api/faults', { fault: 'adsUnfilled', times: 5 });
    expect((await call(server.url, 'GET', '/sandbox/api/faults')).json).toEqual({ armed: { signFails: 1, adsUnfilled: 5 } });
    // The fault answers before the payment is looked up: the wallet failed, whatever the payment.
    expect(await call(server.url, 'POST', '/sandbox/api/payments/any-payment/sign')).toMatchObject({ status: 409, json: { error: 'signing_failed' } });
    expect(await call(server.url, 'POST', '/sandbox/api/payments/any-payment/sign')).toMatchObject({ status: 404 });
    expect((await call(server.url, 'DELETE', '/sandbox/api/faults')).json).toEqual({ armed: {} });
    expect((await call(server.url, 'POST', '/sandbox/api/ads/fill', {})).json).toEqual({ loaded: true });
  });
});
