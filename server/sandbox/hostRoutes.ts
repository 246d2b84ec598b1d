import { Hono } from 'hono';
import { formatMoney, parseMoney } from '../../src/domain/money';
import type { Deps } from '../deps';
import type { AppEnv } from '../http/env';
import { SandboxError, validate } from './errors';
import type { SandboxFaults } from './faults';
import {
  cancelPaymentByUser,
  createUserPayment,
  createWallet,
  findPayment,
  findWallet,
  incompleteUserPayment,
  issueAccessToken,
  listWallets,
  signUserPayment,
  toPlatformPayment,
  walletOfToken,
  type WalletRow,
} from './ledger';
import { authInput, newWalletInput, userCancelInput, userPaymentInput } from './schemas';
import { originOf, readJson } from './wire';

/** What the host's user picker shows: balance as a decimal string. */
export interface SandboxWallet {
  uid: string;
  username: string;
  balance: string;
}

const walletOut = (w: WalletRow): SandboxWallet => ({ uid: w.uid, username: w.username, balance: formatMoney(w.balance) });

/**
 * The host API: what the simulated Pi browser and wallet of the person at the screen do. No auth: it
 * stands for that person's own device, and exists only in sandbox mode. Mounted at /sandbox/api.
 * Amounts are decimal strings in both directions.
 */
export function hostRoutes(deps: Deps, faults: SandboxFaults) {
  const app = new Hono<AppEnv>();

  app.get('/wallets', async (c) => c.json({ wallets: (await listWallets(deps.db)).map(walletOut) }));

  app.post('/wallets', async (c) => {
    const { username } = validate(newWalletInput, await readJson(c));
    return c.json(walletOut(await createWallet(deps.db, username, deps.now())), 201);
  });

  /** Signs the person in as one wallet: a fresh access token, and the payment the app still owes them a completion for. */
  app.post('/auth', async (c) => {
    const { uid, scopes } = validate(authInput, await readJson(c));
    const wallet = await findWallet(deps.db, uid);
    // The scopes asked now are what the person grants: with wallet_address the app may pay them (A2U).
    if (scopes) await deps.db.updateTable('sandbox_wallets').set({ wallet_scope: scopes.includes('wallet_address') }).where('uid', '=', wallet.uid).execute();
    const accessToken = await issueAccessToken(deps.db, wallet.uid, deps.now());
    const incomplete = await incompleteUserPayment(deps.db, wallet.uid);
    return c.json({
      accessToken,
      user: { uid: wallet.uid, username: wallet.username },
      incompletePayment: incomplete ? toPlatformPayment(incomplete, originOf(c)) : null,
    });
  });

  app.post('/payments', async (c) => {
    const input = validate(userPaymentInput, await readJson(c));
    const wallet = await walletOfToken(deps.db, input.accessToken, deps.now());
    const row = await createUserPayment(deps.db, { uid: wallet.uid, amount: parseMoney(input.amount), memo: input.memo, metadata: input.metadata }, deps.now());
    return c.json(toPlatformPayment(row, originOf(c)), 201);
  });

  app.get('/payments/:id', async (c) => c.json(toPlatformPayment(await findPayment(deps.db, c.req.param('id')), originOf(c))));

  app.post('/payments/:id/sign', async (c) => {
    if (faults.take('signFails')) throw new SandboxError(409, 'signing_failed', 'the wallet could not sign the transaction');
    return c.json(toPlatformPayment(await signUserPayment(deps.db, c.req.param('id'), deps.now()), originOf(c)));
  });

  app.post('/payments/:id/cancel', async (c) => {
    const { reason } = validate(userCancelInput, await readJson(c, { emptyIsObject: true }));
    return c.json(toPlatformPayment(await cancelPaymentByUser(deps.db, c.req.param('id'), reason ?? 'user'), originOf(c)));
  });

  return app;
}
