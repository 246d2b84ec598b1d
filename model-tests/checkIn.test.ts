import { describe, expect, it } from 'vitest';
import { checkInMachine, type CheckInContext } from '../machines/checkIn.machine';
import { recordCoverage, walk } from './support/walk';

const signedAnswer = { day: '2026-11-23', reward: '1', points: '1', streak: 1 };
const granted = { adId: 'ad1', status: 'granted', rewarded: true, reward: '0.1', points: '1.1' };

describe('check-in chart, walked as a model', () => {
  it('walks every transition: check, sign, code 14, failure, retry; the video loaded, watched, closed early, continued, given up, verified, refused', async () => {
    const result = await walk({
      machine: checkInMachine,
      inputs: [undefined],
      events: [
        { type: 'SIGN' },
        { type: 'RETRY' },
        { type: 'WATCH' },
        { type: 'CONTINUE' },
        { type: 'GIVE_UP' },
        { type: 'xstate.done.actor.loadToday', output: { day: '2026-11-23', signed: false } },
        { type: 'xstate.done.actor.loadToday', output: { day: '2026-11-23', signed: true } },
        { type: 'xstate.error.actor.loadToday', error: new Error('offline') },
        { type: 'xstate.done.actor.sign', output: { outcome: 'signed', answer: signedAnswer } },
        { type: 'xstate.done.actor.sign', output: { outcome: 'alreadySigned' } },
        { type: 'xstate.error.actor.sign', error: new Error('Sign in failed') },
        { type: 'xstate.done.actor.prepareAd', output: { ready: true, result: null } },
        { type: 'xstate.done.actor.prepareAd', output: { ready: false, result: 'ADS_NOT_SUPPORTED' } },
        { type: 'xstate.done.actor.prepareAd', output: { ready: false, result: 'AD_NOT_AVAILABLE' } },
        { type: 'xstate.error.actor.prepareAd', error: new Error('no host') },
        { type: 'xstate.done.actor.showAd', output: { result: 'AD_REWARDED', adId: 'ad1', seconds: 5 } },
        { type: 'xstate.done.actor.showAd', output: { result: 'AD_CLOSED', adId: null, seconds: 2 } },
        { type: 'xstate.done.actor.showAd', output: { result: 'ADS_NOT_SUPPORTED', adId: null, seconds: 2 } },
        { type: 'xstate.done.actor.showAd', output: { result: 'AD_NETWORK_ERROR', adId: null, seconds: 2 } },
        { type: 'xstate.error.actor.showAd', error: new Error('host failed') },
        { type: 'xstate.done.actor.claimAd', output: granted },
        { type: 'xstate.done.actor.claimAd', output: { ...granted, status: 'revoked', rewarded: false, reward: '0' } },
        { type: 'xstate.error.actor.claimAd', error: new Error('platform unreachable') },
      ],
      // Both regions' states, and whether each message is shown; the reward figures do not make new states.
      project: (snap) => {
        const ctx = snap.context as CheckInContext;
        return { value: snap.value, day: ctx.dayMessage, ad: ctx.adMessage };
      },
      check: ({ actual }) => {
        const ctx = actual.context as CheckInContext;
        if (actual.matches({ day: 'failed' })) expect(ctx.dayMessage).toBe('messages.signInFailed');
        if (actual.matches({ day: 'signed' })) expect(ctx.reward).toBe('1');
        if (actual.matches({ video: 'unsupported' })) expect(ctx.adMessage).toBe('checkIn.ads.notSupported');
        if (actual.matches({ video: 'rewarded' })) expect(ctx.adReward).toBe('0.1');
        if (actual.matches({ video: 'verifying' })) expect(ctx.adId).toBe('ad1');
      },
    });
    recordCoverage('checkIn', result);
    expect(result.missing).toEqual([]);
  });
});
