import { Hono } from 'hono';
import { ResponseCode } from '../../src/domain/codes';
import { mergeWalletInput, qrTipInput } from '../../src/domain/schemas/withdrawal';
import type { Deps } from '../deps';
import { ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { requireSession } from '../http/session';
import { makeTkHappy, mergeWalletApp, popupOnce, qrTipStatus, removeFaKey, setQrTipStatus } from '../services/walletFlags';
import { accountBody } from './accountSupport';

/** The small wallet calls of SPEC 7 and merging with the wallet app (issue 13). */
export function walletExtraRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signed = requireSession(deps);

  app.get('/api/commodity/fa/removeKey', signed, async (c) =>
    (await removeFaKey(deps.db, c.var.user.id)) ? ok(c, { removed: true }) : ok(c, { removed: false }, ResponseCode.keyExistsOrMissing, 'no key found'),
  );
  app.get('/api/commodity/advertisement/walletAdPopupOnce', signed, async (c) => ok(c, { show: await popupOnce(deps, c.var.user.id, 'wallet') }));
  app.get('/api/commodity/withdrawAdvertisement/walletAdPopupOnce', signed, async (c) => ok(c, { show: await popupOnce(deps, c.var.user.id, 'withdraw') }));
  app.get('/api/commodity/advertisement/makeTkHappy', signed, async (c) => ok(c, { count: await makeTkHappy(deps, c.var.user.id) }));
  app.get('/userqrtip/selectTipStatusByUserId', signed, async (c) => ok(c, { status: await qrTipStatus(deps.db, c.var.user.id) }));
  app.post('/userqrtip/updateUserQrTipStatusByUserId', signed, async (c) => {
    const input = await accountBody(c, qrTipInput);
    return ok(c, { status: await setQrTipStatus(deps.db, c.var.user.id, input.status) });
  });

  /** The account-merge prompt: bind the wallet app's account with its user name and payment password. */
  app.post('/api/wallet/merge', signed, async (c) => ok(c, await mergeWalletApp(deps, c.var.user, await accountBody(c, mergeWalletInput))));

  return app;
}
