import { assign, emit, setup } from 'xstate';
import type { Reaction } from '../src/domain/codes';
import { Durations } from '../src/domain/constants';
import { fromPromiseStub } from './actorStub';
import type { AuthResult, LoginAnswer, SessionKeys, UserInfo } from '../src/domain/types/user';

/**
 * The login gate (SPEC 1 start-up, 4 Login, 8 Reactions).
 * A person is logged in only when both a session token and the user info exist.
 * Side effects leave the chart as emitted events (notice, navigate, loggedIn) that the shell turns
 * into toasts, navigation and listener calls; persistence is the shell writing the snapshot's context.
 */
export interface LoginGateContext {
  session: SessionKeys | null;
  userInfo: UserInfo | null;
  authResult: AuthResult | null;
  /** A ticket found in the address hash, kept until it is exchanged (the "auth value" of SPEC 1). */
  ticket: string | null;
  failures: number;
}

export interface LoginGateInput {
  stored?: { session: SessionKeys | null; userInfo: UserInfo | null; authResult: AuthResult | null } | null;
  hashTicket?: string | null;
}

export type LoginGateEvent =
  | { type: 'LOGIN' }
  | { type: 'LOGOUT' }
  | { type: 'ROUTE_BLOCKED' }
  | { type: 'SESSION_REJECTED' }
  | { type: 'HTTP_400' }
  | { type: 'USER_UPDATED'; userInfo: UserInfo }
  | { type: 'REFRESH_USER' };

export type LoginGateEmitted =
  | { type: 'notice'; message: 'loginRequired' | 'tokenError' | 'piAuthFailed' | 'loginFailed' }
  | { type: 'notice'; message: 'frozen'; detail: string }
  | { type: 'navigate'; to: string }
  | { type: 'loggedIn'; userInfo: UserInfo };

/** The notice for a refused login: the frozen account's reason when the server refused for that (the signed client's failure carries its reaction), else `otherwise`. */
function refusal(event: unknown, otherwise: 'piAuthFailed' | 'loginFailed'): LoginGateEmitted {
  const reaction = (event as { error?: { reaction?: Reaction } | null }).error?.reaction;
  return reaction?.kind === 'frozen' ? { type: 'notice', message: 'frozen', detail: reaction.detail } : { type: 'notice', message: otherwise };
}

/** Who may take a transition: the person at the screen, the app on its own, or the server's answer. */
type By = { by: 'user' | 'system' | 'server' };

export const loginGateMachine = setup({
  types: {
    context: {} as LoginGateContext,
    input: {} as LoginGateInput,
    events: {} as LoginGateEvent,
    emitted: {} as LoginGateEmitted,
  },
  actors: {
    /** Host bridge authenticate, then getToken with the platform access token. Provided by the shell. */
    authenticate: fromPromiseStub<LoginAnswer, void>('authenticate'),
    /** getToken with the one-time ticket found in the address hash. */
    exchangeTicket: fromPromiseStub<LoginAnswer, { ticket: string }>('exchangeTicket'),
    /** getUserInfo with the session just issued. */
    fetchUserInfo: fromPromiseStub<UserInfo, { session: SessionKeys }>('fetchUserInfo'),
    /** Tells the server to revoke the session; the device forgets it whatever the answer. */
    revokeSession: fromPromiseStub<null, void>('revokeSession'),
  },
  delays: {
    tokenErrorToast: Durations.tokenErrorToast,
    loginRequiredToast: Durations.loginRequiredToast,
  },
  guards: {
    hasHashTicket: ({ context }) => context.ticket !== null,
    hasStoredSession: ({ context }) => context.session !== null && context.userInfo !== null,
  },
  actions: {
    clearSession: assign({ session: null, userInfo: null, authResult: null, ticket: null }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    goToLogin: emit({ type: 'navigate', to: '/new-my' } as const),
    announceLoginRequired: emit({ type: 'notice', message: 'loginRequired' } as const),
    announceTokenError: emit({ type: 'notice', message: 'tokenError' } as const),
    // A login refused because the account is frozen says so with the reason (SPEC 6, 8), not that it failed.
    announcePiAuthFailed: emit(({ event }) => refusal(event, 'piAuthFailed')),
    announceLoginFailed: emit(({ event }) => refusal(event, 'loginFailed')),
  },
}).createMachine({
  id: 'loginGate',
  description: 'Logged in only when both a session token and the user info exist.',
  context: ({ input }) => ({
    session: input.stored?.session ?? null,
    userInfo: input.stored?.userInfo ?? null,
    authResult: input.stored?.authResult ?? null,
    ticket: input.hashTicket ?? null,
    failures: 0,
  }),
  initial: 'restoring',
  on: {
    SESSION_REJECTED: { target: '.expelled', meta: { by: 'server' } satisfies By, description: 'token empty, expired, unavailable or access token empty' },
    HTTP_400: { target: '.loginRequired', actions: 'clearSession', meta: { by: 'server' } satisfies By, description: 'HTTP 400' },
  },
  states: {
    restoring: {
      description: 'Start-up: a ticket in the address hash wins over the session kept in local storage.',
      always: [
        { guard: 'hasHashTicket', target: 'exchangingTicket', meta: { by: 'system' } satisfies By },
        { guard: 'hasStoredSession', target: 'loggedIn', meta: { by: 'system' } satisfies By },
        { target: 'loggedOut', actions: 'clearSession', meta: { by: 'system' } satisfies By },
      ],
    },
    loggedOut: {
      on: {
        LOGIN: { target: 'authenticating', meta: { by: 'user' } satisfies By },
        ROUTE_BLOCKED: { target: 'loginRequired', meta: { by: 'system' } satisfies By, description: 'a (login) route with no token' },
      },
    },
    authenticating: {
      description: 'The host bridge authenticates; the server checks the access token with the platform.',
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        onDone: {
          target: 'fetchingUser',
          actions: assign({
            session: ({ event }) => ({ token: event.output.token, secret: event.output.secret, accessToken: event.output.accessToken }),
            authResult: ({ event }) => event.output.authResult,
          }),
          meta: { by: 'server' } satisfies By,
        },
        onError: { target: 'loggedOut', actions: ['countFailure', 'announcePiAuthFailed'], meta: { by: 'server' } satisfies By },
      },
    },
    exchangingTicket: {
      description: 'A token in the address hash: store the auth value and set the session token.',
      invoke: {
        id: 'exchangeTicket',
        src: 'exchangeTicket',
        input: ({ context }) => ({ ticket: context.ticket ?? '' }),
        onDone: {
          target: 'fetchingUser',
          actions: assign({
            session: ({ event }) => ({ token: event.output.token, secret: event.output.secret, accessToken: event.output.accessToken }),
            authResult: ({ event }) => event.output.authResult,
            ticket: null,
          }),
          meta: { by: 'server' } satisfies By,
        },
        onError: { target: 'loggedOut', actions: ['clearSession', 'countFailure', 'announceLoginFailed'], meta: { by: 'server' } satisfies By },
      },
    },
    fetchingUser: {
      invoke: {
        id: 'fetchUserInfo',
        src: 'fetchUserInfo',
        input: ({ context }) => ({ session: context.session as SessionKeys }),
        onDone: {
          target: 'loggedIn',
          description: 'notify listeners and clear the failure counter',
          actions: [
            assign({ userInfo: ({ event }) => event.output, failures: 0 }),
            emit(({ event }) => ({ type: 'loggedIn' as const, userInfo: event.output })),
          ],
          meta: { by: 'server' } satisfies By,
        },
        onError: { target: 'loggedOut', actions: ['clearSession', 'countFailure', 'announceLoginFailed'], meta: { by: 'server' } satisfies By },
      },
    },
    loggedIn: {
      initial: 'idle',
      on: {
        LOGOUT: { target: 'loggingOut', meta: { by: 'user' } satisfies By },
        USER_UPDATED: { actions: assign({ userInfo: ({ event }) => event.userInfo }), meta: { by: 'server' } satisfies By },
      },
      states: {
        idle: {
          on: { REFRESH_USER: { target: 'refreshing', meta: { by: 'system' } satisfies By, description: 'something the account shows changed (the balance after a payment)' } },
        },
        refreshing: {
          description:
            'Still logged in while the user info is read again: a failure keeps the session and what is shown (a dropped request, or a page left before the answer, logs nobody out). A session the server refuses ends through SESSION_REJECTED.',
          invoke: {
            id: 'fetchUserInfo',
            src: 'fetchUserInfo',
            input: ({ context }) => ({ session: context.session as SessionKeys }),
            onDone: { target: 'idle', actions: assign({ userInfo: ({ event }) => event.output }), meta: { by: 'server' } satisfies By },
            onError: { target: 'idle', meta: { by: 'server' } satisfies By, description: 'the account keeps what it showed' },
          },
        },
      },
    },
    loggingOut: {
      description: 'Logout clears the token, the user info and the auth result.',
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        onDone: { target: 'loggedOut', actions: 'clearSession', meta: { by: 'server' } satisfies By },
        onError: { target: 'loggedOut', actions: 'clearSession', meta: { by: 'server' } satisfies By },
      },
    },
    expelled: {
      description: 'Logged out by the server: the token-error message shows for 1 s, then /new-my.',
      entry: ['clearSession', 'announceTokenError'],
      after: { tokenErrorToast: { target: 'loggedOut', actions: 'goToLogin', meta: { by: 'system' } satisfies By } },
    },
    loginRequired: {
      description: 'The login-required message shows for 1.5 s, then /new-my.',
      entry: 'announceLoginRequired',
      after: { loginRequiredToast: { target: 'loggedOut', actions: 'goToLogin', meta: { by: 'system' } satisfies By } },
    },
  },
});
