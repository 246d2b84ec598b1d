import { Hono } from 'hono';
import { reviewKycInput, submitKycInput } from '../../src/domain/schemas/kyc';
import type { Deps } from '../deps';
import { ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { requireRole } from '../http/roles';
import { requireSession } from '../http/session';
import { kycQueue, kycView, reviewKyc, submitKyc } from '../services/kyc';
import { accountBody } from './accountSupport';

/**
 * KYC kept by the product (issue 27): the person's own check (read, submit), and the console's queue
 * where staff verify or reject with a reason. A person only ever reads or submits their own.
 */
export function kycRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signed = requireSession(deps);

  app.get('/api/kyc/mine', signed, async (c) => ok(c, await kycView(deps.db, c.var.user.id)));
  app.post('/api/kyc/submit', signed, async (c) => ok(c, await submitKyc(deps, c.var.user, await accountBody(c, submitKycInput))));

  const staff = [signed, requireRole('arbiter')] as const;
  app.get('/api/platform/kyc/list', ...staff, async (c) => ok(c, { list: await kycQueue(deps.db) }));
  app.post('/api/platform/kyc/review', ...staff, async (c) => {
    const input = await accountBody(c, reviewKycInput);
    const decision = input.decision === 'verify' ? { decision: 'verify' as const } : { decision: 'reject' as const, reason: input.reason };
    return ok(c, await reviewKyc(deps, c.var.user, BigInt(input.userId), decision));
  });

  return app;
}
