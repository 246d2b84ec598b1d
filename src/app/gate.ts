import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { loginGateMachine } from '../../machines/loginGate.machine';
import { getToken, getUserInfo, logout } from '../api/users';
import { authenticate } from '../bridge/bridge';
import type { PiPaymentDTO } from '../bridge/piTypes';
import { readStoredSession, takeHashTicket, writeStoredSession } from './session';

/** Payments the host reported as incomplete at login; the payment flow settles them with the server. */
export const incompletePayments: PiPaymentDTO[] = [];

/** Whether the host authenticated someone in this page load (a session restored after a reload has not). */
let hostAuthenticated = false;
async function authenticateWithHost() {
  const auth = await authenticate((payment) => incompletePayments.push(payment));
  hostAuthenticated = true;
  return auth;
}

/** A fresh authentication with the host, for a sensitive step (/mine/repeatauthentication): its access token. */
export const authenticateAgain = async () => (await authenticateWithHost()).accessToken;

/**
 * The host's features that need a person it authenticated in this page load (rewarded ads): after a reload
 * the session is restored without the host, so it authenticates first, as payments do.
 */
export async function ensureHostSession(): Promise<void> {
  if (!hostAuthenticated) await authenticateWithHost();
}

/** The login gate with its real actors: the host bridge and the signed client. */
export const liveLoginGate = loginGateMachine.provide({
  actors: {
    authenticate: fromPromise(async () => {
      const auth = await authenticateWithHost();
      return getToken({ accessToken: auth.accessToken, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    }),
    exchangeTicket: fromPromise(async ({ input }: { input: { ticket: string } }) => getToken({ ticket: input.ticket })),
    fetchUserInfo: fromPromise(async () => getUserInfo()),
    revokeSession: fromPromise(async () => logout()),
  },
});

export type GateActor = ActorRefFrom<typeof liveLoginGate>;

/** Starts the one gate actor of the page and keeps its session in local storage. */
export function startGate(wire: (actor: GateActor) => void): GateActor {
  const actor = createActor(liveLoginGate, { input: { stored: readStoredSession(), hashTicket: takeHashTicket() } });
  wire(actor);
  let last = '';
  actor.subscribe((snapshot) => {
    const { session, userInfo, authResult } = snapshot.context;
    const next = JSON.stringify({ session, userInfo, authResult });
    if (next !== last) {
      last = next;
      writeStoredSession({ session, userInfo, authResult });
    }
  });
  actor.start();
  return actor;
}
