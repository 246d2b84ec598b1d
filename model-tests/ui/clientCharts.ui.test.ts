import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodeUiModel, type EmailCodeUiWorld } from '../../screens/account/emailCode.ui-model';
import { loginGateUiModel, type LoginUiWorld } from '../../screens/account/loginGate.ui-model';
import { cartUiModel, type CartUiWorld } from '../../screens/cart/cart.ui-model';
import { checkInUiModel, type CheckInUiWorld } from '../../screens/checkin/checkIn.ui-model';
import { paymentUiModel, type PaymentUiWorld } from '../../screens/order/payment.ui-model';
import { loginAs, phone } from '../../e2e/support/app';
import { ApiCaller } from '../../server/testing/apiClient';
import type { CheckoutAnswer, CoinPaymentStart } from '../../src/domain/types/commerce';
import { english, vis } from './support/screen';
import { walkUi, type UiModel, type UiWalkResult } from './support/uiWalk';
import { armFault, clearFaults, defaultAddress, freshProduct, openStage, otherAddress, type Stage } from './support/world';
import { shot } from '../../e2e/support/shots';
import { expectWalked, onlyFromEnv } from './support/expectWalked';

/**
 * The charts the browser runs itself, walked through their screens in Chromium (issue 26, UI level):
 * payment (screens/order/payment.ui-model.ts), check-in and video (screens/checkin/checkIn.ui-model.ts)
 * and the login gate (screens/account/loginGate.ui-model.ts). One app and one browser for the file.
 * The login gate goes last: it makes the server forget the buyer's sessions.
 */
let stage: Stage;
beforeAll(async () => {
  stage = await openStage(['demo_buyer']);
  await defaultAddress(stage.app, 'demo_buyer');
  await otherAddress(stage.app, 'demo_buyer'); // the payment walk's checkout switches to it (unpaid --SUBMIT#1)
});
afterAll(async () => {
  await stage?.close();
});

const browser = (): Browser => stage.browser;
const only = onlyFromEnv;
let counter = 0;


/** Merges the walks of one chart's several starts. */
function merge(results: UiWalkResult[]): UiWalkResult {
  const [first, ...rest] = results as [UiWalkResult, ...UiWalkResult[]];
  const walked = new Set(results.flatMap((r) => [...r.walked]));
  const guards = new Map<string, Set<string>>();
  for (const r of results) for (const [k, v] of r.guards) guards.set(k, new Set([...(guards.get(k) ?? []), ...v]));
  const gaps = first.guardGaps.filter((g) => {
    const [key, outcome] = g.split(' = ');
    return !guards.get(key ?? '')?.has(outcome ?? '');
  });
  return {
    ...first,
    walked,
    guards,
    guardGaps: gaps,
    missing: first.all.filter((k) => !walked.has(k)),
    paths: results.reduce((n, r) => n + r.paths, 0),
    steps: results.reduce((n, r) => n + r.steps, 0),
    failures: [...first.failures, ...rest.flatMap((r) => r.failures)],
    unknown: [...new Set(results.flatMap((r) => r.unknown))],
  };
}

describe('the payment chart through the order form, the review sheets and the sandbox wallet', () => {
  it('walks every transition a screen can take; each state shows what the chart says', { timeout: 600_000 }, async () => {
    const page = stage.people.demo_buyer?.page as Page;
    const model: UiModel<PaymentUiWorld> = {
      ...paymentUiModel,
      begin: async () => {
        counter += 1;
        const product = await freshProduct(stage.app, 'demo_seller', `Payment path ${counter} cup`);
        await page.goto(`${stage.app.url}/#/product/submit-order?buy=${product.productId}:${product.skuId}:1`);
        await page.reload(); // a fresh payment chart
        await vis(page, 'order-total').filter({ hasText: 'π' }).waitFor();
        return {
          url: stage.app.url,
          page,
          product,
          unpaidOrder: async () => {
            const api = new ApiCaller(stage.app.url, () => Date.now());
            await api.loginAs('demo_buyer');
            const addressId = (await stage.app.deps.db.selectFrom('addresses').innerJoin('users', 'users.id', 'addresses.user_id').select('addresses.id').where('users.username', '=', 'demo_buyer').where('addresses.is_default', '=', true).executeTakeFirstOrThrow()).id.toString();
            const placed = await api.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: crypto.randomUUID(), items: [{ productId: product.productId, skuId: product.skuId, quantity: 1 }], addressId, paymentMethod: 'balance' });
            const id = placed.object.orders[0]?.id;
            if (!id) throw new Error(`no unpaid order: ${placed.code} ${placed.msg}`);
            return id;
          },
          leaveIncomplete: async (orderId) => {
            const api = new ApiCaller(stage.app.url, () => Date.now());
            await api.loginAs('demo_buyer');
            const start = await api.post<CoinPaymentStart>('/api/pay/coin/create', { orderIds: [orderId] });
            if (start.code !== '0000') throw new Error(`no coin payment: ${start.code} ${start.msg}`);
            const host = async <T>(path: string, body: unknown): Promise<T> => {
              const res = await fetch(`${stage.app.url}/sandbox/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
              if (!res.ok) throw new Error(`the sandbox host answered ${res.status} to ${path}: ${await res.text()}`);
              return (await res.json()) as T;
            };
            const wallets = (await (await fetch(`${stage.app.url}/sandbox/api/wallets`)).json()) as { wallets: { uid: string; username: string }[] };
            const uid = wallets.wallets.find((x) => x.username === 'demo_buyer')?.uid;
            const { accessToken } = await host<{ accessToken: string }>('/auth', { uid });
            const created = await host<{ identifier: string }>('/payments', { accessToken, amount: start.object.amount, memo: start.object.memo, metadata: start.object.metadata });
            const approved = await api.post('/api/pay/coin/approve', { paymentId: created.identifier });
            if (approved.code !== '0000') throw new Error(`the server did not approve: ${approved.code} ${approved.msg}`);
            await host(`/payments/${created.identifier}/sign`, {});
          },
          orderStatus: async (orderId) => {
            const api = new ApiCaller(stage.app.url, () => Date.now());
            await api.loginAs('demo_buyer');
            return (await api.get<{ status: string }>(`/api/commodity/orders/detail?id=${orderId}`)).object.status;
          },
          logInAgain: async () => {
            await page.goto(`${stage.app.url}/#/my`);
            await vis(page, 'logout').click();
            await page.getByRole('dialog').filter({ visible: true }).last().getByRole('button', { name: english('account.logout'), exact: true }).click();
            await page.goto(`${stage.app.url}/#/new-my`);
            await vis(page, 'login-with-pi').click();
            await page.getByTestId('sandbox-user-demo_buyer').click();
            await page.waitForURL(/#\/my$/, { timeout: 15_000 });
            await vis(page, 'account-nickname').waitFor({ timeout: 10_000 });
          },
          fault: (name) => armFault(stage.app, name),
          incompleteFor: null,
        };
      },
      end: async () => {
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await clearFaults(stage.app);
        // A coin payment a path left open at the host (its approval or completion failed) would hold up the next one:
        // the wallet cancels what it can, and the app settles what was paid (as it does at the next login).
        const open = await stage.app.deps.db.selectFrom('sandbox_payments').select('identifier').execute();
        const api = new ApiCaller(stage.app.url, () => Date.now());
        await api.loginAs('demo_buyer');
        for (const { identifier } of open) {
          await fetch(`${stage.app.url}/sandbox/api/payments/${identifier}/cancel`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }).catch(() => undefined);
          await api.post('/api/pay/coin/incomplete', { paymentId: identifier }).catch(() => undefined);
        }
      },
      onFailure: async (w, f) => {
        await shot(w.page, `payment-${f.step}-${Date.now()}`);
      },
    };
    expectWalked(await walkUi(model, { only }), model, { guards: false });
  });
});

describe('the check-in chart through /sign and the sandbox ad', () => {
  it('walks every transition a screen can take; each state shows what the chart says', { timeout: 600_000 }, async () => {
    let context: BrowserContext | null = null;
    const model: UiModel<CheckInUiWorld> = {
      ...checkInUiModel,
      begin: async () => {
        counter += 1;
        const username = `walker_${counter}_${Date.now() % 100_000}`;
        const made = await fetch(`${stage.app.url}/sandbox/api/wallets`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username }) });
        if (made.status !== 201) throw new Error(`no sandbox wallet for ${username}: ${made.status}`);
        const p = await phone(browser());
        context = p.context;
        await p.context.addInitScript(() => {
          window.__sandboxAdSeconds = 3;
        });
        await loginAs(p.page, stage.app.url, username);
        await p.page.goto(`${stage.app.url}/#/sign`);
        return {
          url: stage.app.url,
          page: p.page,
          username,
          checkInElsewhere: async () => {
            const other = await p.context.newPage();
            await other.goto(`${stage.app.url}/#/sign`);
            await vis(other, 'sign-button').click();
            await other.locator('[data-testid="sign-status"][data-state="signed"]').waitFor();
            await other.close();
          },
          fault: (name) => armFault(stage.app, name),
        };
      },
      end: async () => {
        await context?.close();
        context = null;
        await clearFaults(stage.app);
      },
    };
    expectWalked(await walkUi(model), model, { guards: false });
  });
});

/** A new person (a sandbox wallet with its test π); answers the username. */
async function newPerson(): Promise<string> {
  counter += 1;
  const username = `walker_${counter}_${Date.now() % 100_000}`;
  const made = await fetch(`${stage.app.url}/sandbox/api/wallets`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username }) });
  if (made.status !== 201) throw new Error(`no sandbox wallet for ${username}: ${made.status}`);
  return username;
}

describe('the cart chart through the product page and the cart tab', () => {
  it('walks every transition a screen can take; each state shows what the chart says', { timeout: 600_000 }, async () => {
    const product = await freshProduct(stage.app, 'demo_seller', 'Cart walk basket');
    let context: BrowserContext | null = null;
    const model: UiModel<CartUiWorld> = {
      ...cartUiModel(product),
      begin: async () => {
        const p = await phone(browser());
        context = p.context;
        let person = ''; // the person logged in last on this path
        await p.page.goto(`${stage.app.url}/#/index`);
        return {
          url: stage.app.url,
          page: p.page,
          logIn: async () => {
            const username = await newPerson();
            person = username;
            await p.page.goto(`${stage.app.url}/#/new-my`);
            await vis(p.page, 'login-with-pi').click();
            await p.page.getByTestId('sandbox-auth').waitFor();
            await p.page.getByTestId(`sandbox-user-${username}`).click();
            await p.page.waitForURL((u) => !u.hash.startsWith('#/new-my'), { timeout: 15_000 });
            await defaultAddress(stage.app, username); // where a checkout from the cart sends the goods
          },
          accountCart: async () => {
            const row = await stage.app.deps.db.selectFrom('carts').innerJoin('users', 'users.id', 'carts.user_id').select('carts.items').where('users.username', '=', person).executeTakeFirst();
            return (row?.items ?? []).map((i) => `${i.skuId}×${i.quantity}${i.selected ? '' : ' (not selected)'}`);
          },
        };
      },
      end: async () => {
        await (context as BrowserContext | null)?.close();
        context = null;
      },
      onFailure: async (w, f) => {
        await shot(w.page, `cart-${f.step}-${Date.now()}`);
      },
    };
    expectWalked(await walkUi(model, { only }), model, { guards: false });
  });
});

describe('the e-mail code chart through /register (issue 36)', () => {
  it('walks every transition: send, the code sent, the resend window passed on the page’s clock, sent again', { timeout: 300_000 }, async () => {
    let context: BrowserContext | null = null;
    const model: UiModel<EmailCodeUiWorld> = {
      ...emailCodeUiModel,
      begin: async () => {
        counter += 1;
        const p = await phone(browser());
        context = p.context;
        await p.page.clock.install(); // the page's own clock, moved on by the walk (the resend window)
        await p.page.goto(`${stage.app.url}/#/register`);
        await p.page.getByTestId('field-email').filter({ visible: true }).waitFor({ timeout: 15_000 });
        return { url: stage.app.url, page: p.page, email: `walker${counter}.${Date.now() % 100_000}@example.com` };
      },
      end: async () => {
        await (context as BrowserContext | null)?.close();
        context = null;
      },
      onFailure: async (w, f) => {
        await shot(w.page, `email-code-${f.step}-${Date.now()}`);
      },
    };
    expectWalked(await walkUi(model, { only }), model, { guards: false });
  });
});

describe('the login gate through the login entry, the host’s sign-in and the account tab', () => {
  it('walks every transition a screen can take from each start; each state shows what the chart says', { timeout: 600_000 }, async () => {
    const username = 'demo_buyer';
    const { app } = stage;
    const userId = async () => (await app.deps.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    let context: BrowserContext | null = null;
    const world = async (start: 'fresh' | 'stored' | 'ticket'): Promise<LoginUiWorld> => {
      const p = await phone(browser());
      context = p.context;
      if (start === 'stored') {
        await loginAs(p.page, app.url, username);
        await p.page.reload(); // the gate starts again from the stored session
      }
      if (start === 'fresh') await p.page.goto(`${app.url}/#/new-my`);
      return {
        url: app.url,
        page: p.page,
        username,
        forgetSessions: async () => {
          await app.deps.db.deleteFrom('sessions').where('user_id', '=', await userId()).execute();
        },
        ticket: async (valid) => {
          if (!valid) return 'never-issued-ticket';
          const ticket = `walk-${Date.now()}-${Math.random().toString(36).slice(2)}`;
          await app.deps.db
            .insertInto('login_tickets')
            .values({ ticket, user_id: await userId(), access_token: `sandbox-walk-${ticket}`, expires_at: new Date(Date.now() + 600_000), used_at: null })
            .execute();
          return ticket;
        },
        buyFromBalance: async () => {
          counter += 1;
          const product = await freshProduct(app, 'demo_seller', `Login path ${counter} spoon`);
          await p.page.goto(`${app.url}/#/product/submit-order?buy=${product.productId}:${product.skuId}:1`);
          await vis(p.page, 'order-total').filter({ hasText: 'π' }).waitFor();
          await vis(p.page, 'pay-method-balance').check();
          await vis(p.page, 'submit-order').click();
          await vis(p.page, 'pay-review-confirm').click();
          await p.page.waitForURL(/#\/result\/success/, { timeout: 15_000 });
        },
      };
    };
    const end = async () => {
      await (context as BrowserContext | null)?.close();
      context = null;
    };
    const stored = { session: { token: 't', secret: 's', accessToken: 'a' }, userInfo: { nickname: 'x' }, authResult: null };
    const onFailure = async (w: LoginUiWorld, f: { step: number }) => {
      await shot(w.page, `login-${f.step}-${Date.now()}`);
    };
    const fresh: UiModel<LoginUiWorld> = { ...loginGateUiModel, input: {}, begin: () => world('fresh'), end, onFailure };
    const restored: UiModel<LoginUiWorld> = { ...loginGateUiModel, input: { stored }, begin: () => world('stored'), end };
    const withTicket: UiModel<LoginUiWorld> = { ...loginGateUiModel, input: { hashTicket: 'ticket' }, begin: () => world('ticket'), end };
    const logout = 'loginGate.loggedIn --LOGOUT#0--> loginGate.loggingOut';
    const results = [
      await walkUi(fresh),
      // A reload while logged in: the stored session (then logging out, to end the path).
      await walkUi(restored, { only: (k) => k === logout }),
      // An address with a login ticket: a good one, and one the server never issued.
      await walkUi(withTicket, { only: (k) => k.startsWith('loginGate.exchangingTicket') }),
    ];
    expectWalked(merge(results), fresh, { guards: false });
  });
});
