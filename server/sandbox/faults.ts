import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../http/env';
import { validate } from './errors';
import { readJson } from './wire';

/**
 * The sandbox platform failing on demand (issue 36): a test arms a fault, and the sandbox's next answers
 * of that kind fail the way a real platform or host can. The store lives inside sandboxRoutes, which the
 * server mounts only in sandbox mode: with SANDBOX=0 there is no store and no /sandbox/api/faults
 * (server/sandbox/faults.test.ts).
 *
 *   adsUnsupported    the host's nativeFeaturesList has no ad_network (ADS_NOT_SUPPORTED at prepare)
 *   adNetworkDown     the host cannot ask its ad network whether ads are supported (the prepare fails)
 *   adsUnfilled       the host's requestAd answers AD_NOT_AVAILABLE (no ad to fill the slot)
 *   adShowUnsupported the host's showAd answers ADS_NOT_SUPPORTED
 *   adNotGranted      the ad network does not grant an ad watched to the end (the platform answers revoked)
 *   signFails         the wallet cannot sign the payment's transaction (the host's createPayment calls onError)
 */
export const SandboxFaultNames = ['adsUnsupported', 'adNetworkDown', 'adsUnfilled', 'adShowUnsupported', 'adNotGranted', 'signFails'] as const;
export type SandboxFault = (typeof SandboxFaultNames)[number];

const armInput = z.strictObject({
  fault: z.enum(SandboxFaultNames),
  /** How many of the next answers of this kind fail (default 1). */
  times: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(100))),
});

export class SandboxFaults {
  private readonly armed = new Map<SandboxFault, number>();

  arm(fault: SandboxFault, times = 1): void {
    this.armed.set(fault, times);
  }

  clear(): void {
    this.armed.clear();
  }

  /** True when `fault` is armed; one of its times is used up. */
  take(fault: SandboxFault): boolean {
    const left = this.armed.get(fault) ?? 0;
    if (left <= 0) return false;
    if (left === 1) this.armed.delete(fault);
    else this.armed.set(fault, left - 1);
    return true;
  }

  list(): Record<string, number> {
    return Object.fromEntries(this.armed);
  }
}

/** POST /sandbox/api/faults {fault, times?} arms; GET lists what is armed; DELETE disarms all. */
export function faultRoutes(faults: SandboxFaults) {
  const app = new Hono<AppEnv>();
  app.post('/faults', async (c) => {
    const { fault, times } = validate(armInput, await readJson(c));
    faults.arm(fault, times ?? 1);
    return c.json({ armed: faults.list() }, 201);
  });
  app.get('/faults', (c) => c.json({ armed: faults.list() }));
  app.delete('/faults', (c) => {
    faults.clear();
    return c.json({ armed: faults.list() });
  });
  return app;
}
