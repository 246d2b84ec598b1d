import crypto from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { formatMoney, parseMoney } from '../../src/domain/money';
import type { Deps } from '../deps';
import type { AppEnv } from '../http/env';
import { SandboxError, validate } from './errors';
import {
  approvePayment,
  cancelPaymentByApp,
  completePayment,
  createAppPayment,
  findPayment,
  findTransaction,
  incompleteServerPayments,
  toPlatformPayment,
  walletAddress,
  walletOfToken,
} from './ledger';
import { confirmDuePayouts } from './payouts';
import { appToUserInput, completeInput } from './schemas';
import { originOf, platformJson, readJson } from './wire';

function sameText(a: string, b: string): boolean {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
}

/** Server-to-platform calls carry `Authorization: Key <api key>`. */
export function requireKey(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    if (!header.startsWith('Key ') || !sameText(header.slice(4).trim(), deps.config.piApiKey)) {
      throw new SandboxError(401, 'unauthorized', 'missing or wrong server API key (Authorization: Key <key>)');
    }
    await next();
  };
}

/**
 * The simulated coin platform API, shaped like the real one so that server/platform/client.ts talks to
 * it unchanged. Mounted at /sandbox/platform.
 */
export function platformRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const keyed = requireKey(deps);

  app.get('/v2/me', async (c) => {
    const match = /^Bearer\s+(\S+)$/.exec(c.req.header('authorization') ?? '');
    if (!match?.[1]) throw new SandboxError(401, 'unauthorized', 'missing access token (Authorization: Bearer <token>)');
    const wallet = await walletOfToken(deps.db, match[1], deps.now());
    // With the wallet_address scope the platform names the wallet it pays this person's app-to-user payments to.
    return c.json({ uid: wallet.uid, username: wallet.username, ...(wallet.wallet_scope ? { wallet_address: walletAddress(wallet.uid) } : {}) });
  });

  // Registered before /v2/payments/:id so that the fixed path wins.
  app.get('/v2/payments/incomplete_server_payments', keyed, async (c) => {
    const origin = originOf(c);
    await confirmDuePayouts(deps.db, deps.now());
    const rows = await incompleteServerPayments(deps.db);
    return platformJson(c, { incomplete_server_payments: rows.map((r) => toPlatformPayment(r, origin)) });
  });

  app.post('/v2/payments', keyed, async (c) => {
    const { payment } = validate(appToUserInput, await readJson(c));
    const row = await createAppPayment(deps.db, { uid: payment.uid, amount: parseMoney(payment.amount), memo: payment.memo, metadata: payment.metadata }, deps.now());
    return platformJson(c, toPlatformPayment(row, originOf(c)));
  });

  app.get('/v2/payments/:id', keyed, async (c) => {
    await confirmDuePayouts(deps.db, deps.now());
    return platformJson(c, toPlatformPayment(await findPayment(deps.db, c.req.param('id')), originOf(c)));
  });

  app.post('/v2/payments/:id/approve', keyed, async (c) => platformJson(c, toPlatformPayment(await approvePayment(deps.db, c.req.param('id')), originOf(c))));

  app.post('/v2/payments/:id/complete', keyed, async (c) => {
    const { txid } = validate(completeInput, await readJson(c));
    await confirmDuePayouts(deps.db, deps.now());
    return platformJson(c, toPlatformPayment(await completePayment(deps.db, c.req.param('id'), txid, deps.now()), originOf(c)));
  });

  app.post('/v2/payments/:id/cancel', keyed, async (c) => platformJson(c, toPlatformPayment(await cancelPaymentByApp(deps.db, c.req.param('id')), originOf(c))));


  /** What a payment's transaction `_link` points at: the simulated blockchain's record. */
  app.get('/transactions/:txid', async (c) => {
    const tx = await findTransaction(deps.db, c.req.param('txid'));
    return platformJson(c, {
      id: tx.txid,
      hash: tx.txid,
      successful: true,
      source_account: walletAddress(tx.from_uid),
      destination_account: walletAddress(tx.to_uid),
      amount: formatMoney(tx.amount),
      memo: tx.payment_identifier,
      created_at: tx.created_at.toISOString(),
    });
  });

  return app;
}
