import crypto from 'node:crypto';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { AdAckStatuses } from '../../src/domain/points';
import type { Deps } from '../deps';
import type { AppEnv } from '../http/env';
import { SandboxError, validate } from './errors';
import type { SandboxFaults } from './faults';
import { walletOfToken } from './ledger';
import { requireKey } from './platformRoutes';
import { platformJson, readJson } from './wire';

/**
 * The sandbox ad network (issue 14). The host's ad player opens an ad for the signed-in wallet
 * (`POST /sandbox/api/ads`), and when the countdown ends the host reports it watched
 * (`POST /sandbox/api/ads/:id/verdict {status: "granted"}`); an ad closed early stays unacknowledged.
 * Tests may also set "revoked" or "failed". The platform side answers the real API's
 * `GET /v2/ads_network/status/:adId` with `mediator_ack_status`.
 */
const openInput = z.strictObject({ accessToken: z.string().check(z.minLength(1), z.maxLength(4096)) });
const verdictInput = z.strictObject({ status: z.enum(AdAckStatuses) });

async function findAd(deps: Deps, adId: string) {
  const ad = await deps.db.selectFrom('sandbox_ads').selectAll().where('ad_id', '=', adId).executeTakeFirst();
  if (!ad) throw new SandboxError(404, 'ad_not_found', `no ad ${adId}`);
  return ad;
}

export function adHostRoutes(deps: Deps, faults: SandboxFaults) {
  const app = new Hono<AppEnv>();
  /** What the host's nativeFeaturesList and requestAd ask the ad network (faults.ts may make them fail). */
  app.get('/ads/support', (c) => {
    if (faults.take('adNetworkDown')) throw new SandboxError(409, 'ad_network_down', 'the ad network did not answer');
    return c.json({ supported: !faults.take('adsUnsupported') });
  });
  app.post('/ads/fill', (c) => c.json({ loaded: !faults.take('adsUnfilled') }));
  app.post('/ads', async (c) => {
    const { accessToken } = validate(openInput, await readJson(c));
    if (faults.take('adShowUnsupported')) throw new SandboxError(409, 'ads_not_supported', 'this host shows no ads');
    const wallet = await walletOfToken(deps.db, accessToken, deps.now());
    const adId = `ad_${crypto.randomBytes(12).toString('hex')}`;
    await deps.db.insertInto('sandbox_ads').values({ ad_id: adId, uid: wallet.uid, status: null, created_at: new Date(deps.now()) }).execute();
    return c.json({ adId }, 201);
  });
  app.post('/ads/:id/verdict', async (c) => {
    const { status: reported } = validate(verdictInput, await readJson(c));
    const ad = await findAd(deps, c.req.param('id'));
    const status = reported === 'granted' && faults.take('adNotGranted') ? 'revoked' : reported;
    await deps.db.updateTable('sandbox_ads').set({ status }).where('ad_id', '=', ad.ad_id).execute();
    return c.json({ adId: ad.ad_id, status });
  });
  return app;
}

export function adPlatformRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/v2/ads_network/status/:adId', requireKey(deps), async (c) => {
    const ad = await findAd(deps, c.req.param('adId'));
    const at = ad.created_at.toISOString();
    return platformJson(c, {
      identifier: ad.ad_id,
      mediator_ack_status: ad.status,
      mediator_granted_at: ad.status === 'granted' ? at : null,
      mediator_revoked_at: ad.status === 'revoked' ? at : null,
    });
  });
  return app;
}
