import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { loginGateMachine } from '../machines/loginGate.machine';
import { sampleLoginAnswer, sampleUserInfo } from '../machines/samples';
import { recordCoverage, walk } from './support/walk';

const userInfo = sampleUserInfo;
const answer = sampleLoginAnswer;
const session = { token: 't', secret: 's', accessToken: 'a' };

const events: AnyEventObject[] = [
  { type: 'LOGIN' },
  { type: 'LOGOUT' },
  { type: 'ROUTE_BLOCKED' },
  { type: 'SESSION_REJECTED' },
  { type: 'HTTP_400' },
  { type: 'USER_UPDATED', userInfo: { ...userInfo, nickname: 'Renamed' } },
  { type: 'REFRESH_USER' },
  { type: 'xstate.done.actor.authenticate', output: answer },
  { type: 'xstate.error.actor.authenticate', error: new Error('cancelled') },
  { type: 'xstate.done.actor.exchangeTicket', output: answer },
  { type: 'xstate.error.actor.exchangeTicket', error: new Error('used ticket') },
  // A frozen account is refused at login with 1016 and the reason as the object (the signed client's ApiFailure carries the frozen reaction with the reason).
  { type: 'xstate.error.actor.authenticate', error: { code: '1016', reaction: { kind: 'frozen', detail: 'selling fakes' } } },
  { type: 'xstate.error.actor.exchangeTicket', error: { code: '1016', reaction: { kind: 'frozen', detail: 'selling fakes' } } },
  { type: 'xstate.error.actor.fetchUserInfo', error: { code: '1016', reaction: { kind: 'frozen', detail: 'selling fakes' } } },
  { type: 'xstate.done.actor.fetchUserInfo', output: userInfo },
  { type: 'xstate.error.actor.fetchUserInfo', error: new Error('1002') },
  { type: 'xstate.done.actor.revokeSession', output: null },
  { type: 'xstate.error.actor.revokeSession', error: new Error('offline') },
  { type: 'xstate.after.tokenErrorToast.loginGate.expelled' },
  { type: 'xstate.after.loginRequiredToast.loginGate.loginRequired' },
];

describe('login gate, walked as a model', () => {
  it('walks every transition, and the real actor agrees with the chart at every step', async () => {
    const result = await walk({
      machine: loginGateMachine,
      inputs: [
        { stored: null, hashTicket: null },
        { stored: { session, userInfo, authResult: null }, hashTicket: null },
        { stored: null, hashTicket: 'ticket-from-the-hash' },
      ],
      events,
      // The failure counter only grows; for the model, "no failures" and "some failures" are the two states that matter.
      project: (snap) => {
        const c = snap.context as { session: unknown; userInfo: unknown; ticket: unknown; failures: number };
        return { value: snap.value, session: c.session !== null, user: (c.userInfo as { nickname?: string } | null)?.nickname ?? null, ticket: c.ticket !== null, failed: c.failures > 0 };
      },
      check: ({ before, actual, emitted, step }) => {
        const { session: s, userInfo: u } = actual.context as { session: unknown; userInfo: unknown };
        // Logged in only when both a token and the user info exist.
        if (actual.matches('loggedIn')) expect(s !== null && u !== null).toBe(true);
        if (actual.matches('loggedOut')) expect(s === null && u === null).toBe(true);
        const timer = /^xstate\.after\.\w+\.loginGate\.(\w+)$/.exec(step.type)?.[1];
        if (timer && before.matches(timer)) expect(emitted.at(-1)).toEqual({ type: 'navigate', to: '/new-my' });
        if (step.type.startsWith('xstate.error.actor.') && (step as { error?: { code?: string } }).error?.code === '1016' && actual.matches('loggedOut') && !before.matches('loggedOut')) {
          expect(emitted.at(-1)).toEqual({ type: 'notice', message: 'frozen', detail: 'selling fakes' });
        }
        // A refresh that fails (a dropped request, a page left before the answer) logs nobody out and keeps what was shown.
        if (step.type === 'xstate.error.actor.fetchUserInfo' && before.matches({ loggedIn: 'refreshing' })) {
          expect(actual.matches({ loggedIn: 'idle' })).toBe(true);
          expect(actual.context).toMatchObject({ session: before.context.session, userInfo: before.context.userInfo });
        }
        if (step.type === 'xstate.done.actor.fetchUserInfo' && before.matches('fetchingUser')) {
          expect(emitted.at(-1)?.type).toBe('loggedIn');
          expect((actual.context as { failures: number }).failures).toBe(0);
        }
      },
    });
    recordCoverage('loginGate', result);
    expect(result.paths).toBeGreaterThan(10);
    expect(result.missing).toEqual([]);
  });
});
