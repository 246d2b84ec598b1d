import type { Page } from 'playwright-core';
import { loginGateMachine } from '../../machines/loginGate.machine';
import type { UiModel } from '../../model-tests/ui/support/uiWalk';
import { confirmInDialog, english, vis } from '../../model-tests/ui/support/screen';

/**
 * The login gate (machines/loginGate.machine.ts) as a person meets it in the browser (issue 26, UI-level
 * model tests; the walk is model-tests/ui/clientCharts.ui.test.ts). Test code: nothing in the app imports it.
 *
 * The gate has three starts, each its own input: a fresh browser (nothing stored), a browser that keeps
 * a session (a reload after logging in), and an address with a login ticket (`#/my?token=`). The host's
 * sign-in is the sandbox host's picker; the server's refusals are real ones (a session the server no
 * longer knows) or, for a request that fails on the way, the browser's route failing it once.
 */
export interface LoginUiWorld {
  url: string;
  /** This path's page (a fresh browser context: nothing stored). */
  page: Page;
  username: string;
  /** Makes the server forget every session of the user (as if they expired). */
  forgetSessions(): Promise<void>;
  /** A one-time login ticket for the user (valid), or one the server never issued. */
  ticket(valid: boolean): Promise<string>;
  /** Buys something from the balance (the order form then refreshes the user: REFRESH_USER). */
  buyFromBalance(): Promise<void>;
}

/** Answers the next request to `path` with `status` and no body, once (a proxy in front of the server answering it). */
export async function answerOnce(page: Page, path: string, status: number): Promise<void> {
  let done = false;
  await page.route(`**${path}*`, async (route) => {
    if (done) return route.fallback();
    done = true;
    return route.fulfill({ status, contentType: 'text/html', body: `<html><body>${status} Bad Request</body></html>` });
  });
}

/** Per page, when the request `failOnceAfter` fails has been failed. */
const failedOnce = new WeakMap<Page, Promise<void>>();

/** Fails the first request to `path` made after an answer from `after` (the refresh that follows a payment), once. */
export async function failOnceAfter(page: Page, after: string, path: string): Promise<void> {
  let armed = false;
  let done = false;
  let failed!: () => void;
  failedOnce.set(page, new Promise<void>((resolve) => (failed = resolve)));
  page.on('response', (response) => {
    if (response.url().includes(after)) armed = true;
  });
  await page.route(`**${path}`, async (route) => {
    if (done || !armed) return route.fallback();
    done = true;
    await route.abort('failed');
    failed();
  });
}

/** Fails the next request to `path` on the way (the network), once. */
export async function failOnce(page: Page, path: string): Promise<void> {
  let done = false;
  await page.route(`**${path}`, async (route) => {
    if (done) return route.fallback();
    done = true;
    return route.abort('failed');
  });
}

async function toast(page: Page, key: string): Promise<void> {
  await page.getByRole('status').getByText(english(key), { exact: true }).first().waitFor({ timeout: 5000 });
}

const loggedOut = async (w: LoginUiWorld) => {
  if (!/#\/new-my/.test(w.page.url())) await w.page.goto(`${w.url}/#/new-my`);
  await vis(w.page, 'login-with-pi').waitFor();
  await w.page.goto(`${w.url}/#/my`);
  await vis(w.page, 'login-with-pi').or(w.page.getByTestId('login-entry')).first().waitFor();
  if ((await vis(w.page, 'account-nickname').count()) > 0) throw new Error('the account tab shows a person while the gate is logged out');
};

const loggedIn = async (w: LoginUiWorld) => {
  if (!/#\/my$/.test(w.page.url())) await w.page.goto(`${w.url}/#/my`);
  await vis(w.page, 'account-nickname').waitFor({ timeout: 10_000 });
  await vis(w.page, 'logout').waitFor();
};

export const loginGateUiModel: Omit<UiModel<LoginUiWorld>, 'begin' | 'end'> = {
  chart: 'loginGate',
  machine: loginGateMachine,
  states: {
    loggedOut,
    loggedIn,
    'loggedIn.idle': loggedIn,
    loginRequired: (w) => toast(w.page, 'messages.loginFirst'),
    expelled: (w) => toast(w.page, 'messages.tokenError'),
  },
  passing: {
    restoring: 'decided at start-up, before the first paint',
    authenticating: 'the host picker is open; the state after it is checked',
    exchangingTicket: 'a request in flight at start-up',
    fetchingUser: 'a request in flight',
    'loggedIn.refreshing': 'a request in flight; the account stays shown',
    loggingOut: 'a request in flight',
  },
  steps: {
    'loginGate.loggedOut --LOGIN#0--> loginGate.authenticating': {
      run: async (w) => {
        await w.page.goto(`${w.url}/#/new-my`);
        await vis(w.page, 'login-with-pi').click();
        await w.page.getByTestId('sandbox-auth').waitFor();
      },
    },
    // The person picks themselves in the host's picker; the server checks the access token.
    'loginGate.authenticating --xstate.done.actor.authenticate#0--> loginGate.fetchingUser': {
      event: () => ({ type: 'xstate.done.actor.authenticate', output: { token: 't', secret: 's', accessToken: 'a', authResult: null } }),
      run: async (w) => {
        await w.page.getByTestId(`sandbox-user-${w.username}`).click();
      },
    },
    // The person closes the host's picker: the host refuses, the notice says so.
    'loginGate.authenticating --xstate.error.actor.authenticate#0--> loginGate.loggedOut': {
      event: () => ({ type: 'xstate.error.actor.authenticate', error: new Error('cancelled') }),
      run: async (w) => {
        await w.page.getByTestId('sandbox-auth-cancel').click();
        await toast(w.page, 'messages.piAuthFailed');
      },
    },
    'loginGate.fetchingUser --xstate.done.actor.fetchUserInfo#0--> loginGate.loggedIn': {
      event: () => ({ type: 'xstate.done.actor.fetchUserInfo', output: { nickname: 'x' } }),
    },
    'loginGate.fetchingUser --xstate.error.actor.fetchUserInfo#0--> loginGate.loggedOut': {
      event: () => ({ type: 'xstate.error.actor.fetchUserInfo', error: new Error('network') }),
      arrange: (w) => failOnce(w.page, '/api/users/user/getUserInfo'),
      follows: true,
      run: (w) => toast(w.page, 'messages.loginFailed'),
    },
    'loginGate.loggedIn --LOGOUT#0--> loginGate.loggingOut': {
      run: async (w) => {
        await w.page.goto(`${w.url}/#/my`);
        await vis(w.page, 'logout').click();
        await confirmInDialog(w.page, english('account.logout'));
      },
    },
    'loginGate.loggingOut --xstate.done.actor.revokeSession#0--> loginGate.loggedOut': {
      event: () => ({ type: 'xstate.done.actor.revokeSession', output: null }),
    },
    // The device forgets the session whatever the server answered.
    'loginGate.loggingOut --xstate.error.actor.revokeSession#0--> loginGate.loggedOut': {
      event: () => ({ type: 'xstate.error.actor.revokeSession', error: new Error('network') }),
      arrange: (w) => failOnce(w.page, '/api/users/user/logout'),
    },
    // A screen that needs a session, opened without one.
    'loginGate.loggedOut --ROUTE_BLOCKED#0--> loginGate.loginRequired': {
      run: async (w) => {
        await w.page.goto(`${w.url}/#/mine/order/list`);
      },
    },
    // The notice's 1.5 s pass on the page's own clock; the page then goes to the login entry.
    'loginGate.loginRequired --xstate.after.loginRequiredToast.loginGate.loginRequired#0--> loginGate.loggedOut': {
      follows: true,
      run: (w) => w.page.waitForURL(/#\/new-my/, { timeout: 5000 }),
    },
    // The server no longer knows the session (expired): the next request is refused, the page expels.
    'loginGate --SESSION_REJECTED#0--> loginGate.expelled': {
      // Only a request made with a session can be refused for it: the person is logged in.
      from: (m) => m.matches('loggedIn'),
      run: async (w) => {
        await w.forgetSessions();
        await w.page.goto(`${w.url}/#/mine/order/list`);
      },
    },
    'loginGate.expelled --xstate.after.tokenErrorToast.loginGate.expelled#0--> loginGate.loggedOut': {
      follows: true,
      run: (w) => w.page.waitForURL(/#\/new-my/, { timeout: 5000 }),
    },
    // Something between the page and the server (a proxy of the coin browser's platform) answers HTTP 400:
    // the page logs out, says to log in and goes to the login entry (SPEC 8, Reactions). The server itself
    // answers no request with 400, so the browser's route answers it, once (issue 36).
    'loginGate --HTTP_400#0--> loginGate.loginRequired': {
      from: (m) => m.matches('loggedIn'),
      arrange: (w) => answerOnce(w.page, '/api/commodity/orders/buyerList', 400),
      run: async (w) => {
        await w.page.goto(`${w.url}/#/mine/order/list`);
      },
    },
    // A new nickname saved: the account tab shows it at once.
    'loginGate.loggedIn --USER_UPDATED#0--> (self)': {
      event: () => ({ type: 'USER_UPDATED', userInfo: { nickname: 'Model walker' } }),
      run: async (w) => {
        await w.page.goto(`${w.url}/#/mine/user/nick-name`);
        const name = `Walker ${Date.now() % 100_000}`;
        await w.page.locator('input[name="nickname"]').filter({ visible: true }).fill(name);
        await vis(w.page, 'nickname-submit').click();
        await w.page.goto(`${w.url}/#/my`);
        await w.page.getByTestId('account-nickname').filter({ hasText: name }).first().waitFor({ timeout: 10_000 });
      },
    },
    // The order form refreshes the user after a payment from the balance.
    'loginGate.loggedIn.idle --REFRESH_USER#0--> loginGate.loggedIn.refreshing': {
      run: (w) => w.buyFromBalance(),
    },
    'loginGate.loggedIn.refreshing --xstate.done.actor.fetchUserInfo#0--> loginGate.loggedIn.idle': {
      event: () => ({ type: 'xstate.done.actor.fetchUserInfo', output: { nickname: 'x' } }),
    },
    // The refresh after a payment fails on the way (or the page is left before its answer): still logged in.
    // Before, this logged the person out (the order walk's buyer lost the session after paying, in full runs).
    'loginGate.loggedIn.refreshing --xstate.error.actor.fetchUserInfo#0--> loginGate.loggedIn.idle': {
      event: () => ({ type: 'xstate.error.actor.fetchUserInfo', error: new Error('network') }),
      arrange: (w) => failOnceAfter(w.page, '/api/pay/balance', '/api/users/user/getUserInfo'),
      follows: true,
      run: async (w) => {
        // Once the refresh has failed, a reload starts from what the page kept: the session is still there.
        await failedOnce.get(w.page);
        await w.page.reload();
        await w.page.goto(`${w.url}/#/my`);
        await vis(w.page, 'account-nickname').waitFor({ timeout: 10_000 });
      },
    },
    // The address holds a ticket (the start with a hash ticket: the page opens with it here).
    'loginGate.exchangingTicket --xstate.done.actor.exchangeTicket#0--> loginGate.fetchingUser': {
      event: () => ({ type: 'xstate.done.actor.exchangeTicket', output: { token: 't', secret: 's', accessToken: 'a', authResult: null } }),
      run: async (w) => {
        await w.page.goto(`${w.url}/#/my?token=${await w.ticket(true)}`);
      },
    },
    'loginGate.exchangingTicket --xstate.error.actor.exchangeTicket#0--> loginGate.loggedOut': {
      event: () => ({ type: 'xstate.error.actor.exchangeTicket', error: new Error('tokenUnavailable') }),
      run: async (w) => {
        await w.page.goto(`${w.url}/#/my?token=${await w.ticket(false)}`);
        await toast(w.page, 'messages.loginFailed');
      },
    },
  },
  notWalkable: {},
};
