import { Hono } from 'hono';
import * as z from 'zod/mini';
import { formatMoney } from '../../src/domain/money';
import { walletPayInput } from '../../src/domain/schemas/commerce';
import type { WalletBalanceAnswer } from '../../src/domain/types/withdrawal';
import { maxWithdrawal } from '../../src/domain/withdrawal';
import type { Deps } from '../deps';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { requireSession } from '../http/session';
import { passwordLockState, walletAppLockKey } from '../services/passwordLock';
import { jsonBody, queryOf } from '../http/validate';
import { payFromWallet, walletAppAccount } from '../services/payments';
import { withdrawableBalance } from '../services/withdrawals';

/**
 * The wallet app's balance (SPEC 7 Wallet). In sandbox mode the wallet app's accounts are the server's
 * own sandbox table; an account not merged with the wallet app has no balance to pay with.
 */
const byNameQuery = z.strictObject({ userName: z.optional(z.string().check(z.maxLength(64))), username: z.optional(z.string().check(z.maxLength(64))) });

export function walletRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signed = requireSession(deps);

  const balance = async (c: { var: { user: AppEnv['Variables']['user'] } }): Promise<WalletBalanceAnswer> => {
    const account = await walletAppAccount(deps, c.var.user);
    const merged = !!account?.merged;
    // The account balance from the ledger beside the wallet app's (issue 13): what may be withdrawn is the balance less the fee.
    const own = await withdrawableBalance(deps.db, c.var.user.id);
    return {
      merged,
      username: c.var.user.username,
      balance: merged && account ? formatMoney(account.balance) : null,
      walletAppUsername: merged && account ? account.username : null,
      accountBalance: formatMoney(own),
      withdrawable: formatMoney(maxWithdrawal(own)),
      passwordLock: merged && account ? await passwordLockState(deps, walletAppLockKey(account.username, c.var.user.id)) : null,
    };
  };

  app.get('/api/wallet/wallet/getUserBalance', signed, async (c) => ok(c, await balance(c)));
  /** The same answer, asked again after a payment went through. */
  app.get('/api/wallet/wallet/getUserBalanceSuucess', signed, async (c) => ok(c, await balance(c)));

  /** By user name: only the caller's own name (another person's wallet balance is theirs). */
  app.get('/api/wallet/wallet/pcm/getBalanceByUserName', signed, async (c) => {
    const q = queryOf(c, byNameQuery);
    const name = q.userName ?? q.username ?? c.var.user.username;
    if (name !== c.var.user.username) throw new ApiError('forbidden');
    return ok(c, await balance(c));
  });

  app.post('/api/pay/wallet', signed, async (c) => {
    const input = await jsonBody(c, walletPayInput);
    return ok(c, await payFromWallet(deps, c.var.user, input.orderIds.map((s) => BigInt(s)), input.password, input.amount));
  });

  return app;
}
