import { assign, setup } from 'xstate';
import type { AdShowResult } from '../src/domain/points';
import type { AdRewardAnswer, SignAnswer, SignCheck } from '../src/domain/types/points';
import { fromPromiseStub } from './actorStub';

/**
 * The day's check-in and the rewarded video (SPEC 4 Check-in: once per day; the watch-video flow may be
 * continued or given up), two regions side by side:
 *
 *   day:   checking (server: sign/check) ──▶ notSigned | alreadySigned | failed
 *          notSigned ── SIGN (user) ──▶ signing (server: sign) ──▶ signed (code 0)
 *                                                              ──▶ alreadySigned (code 14, "Already signed in today")
 *                                                              ──▶ failed ("Sign in failed")
 *          failed ── SIGN (user) ──▶ signing;  signed | alreadySigned take no SIGN (the button rests; issue 36)
 *          failed ── RETRY (user) ──▶ checking
 *
 *   video: offered ── WATCH (user) ──▶ loading (host: isAdReady, requestAd('rewarded'))
 *          loading ──▶ watching | unsupported (ADS_NOT_SUPPORTED) | unavailable (not available, network, not logged in)
 *          watching (host: showAd('rewarded')) ──▶ verifying (AD_REWARDED with an ad id)
 *                                              ──▶ closedEarly (AD_CLOSED) | unsupported | unavailable
 *          verifying (server asks the platform about the ad id) ──▶ rewarded (granted) | notGranted (revoked, failed, unknown)
 *          closedEarly ── CONTINUE (user) ──▶ loading;  ── GIVE_UP (user) ──▶ gaveUp
 *          rewarded | notGranted | gaveUp | unavailable ── WATCH (user) ──▶ loading
 *
 * The host's answers are taken by the system (the host bridge), the server's by the server.
 */
export interface CheckInContext {
  /** Locale key of the day region's message ("Already signed in today", "Sign in failed"). */
  dayMessage: string | null;
  /** The reward of the check-in just made, a decimal string. */
  reward: string | null;
  /** Locale key of the video region's message. */
  adMessage: string | null;
  adId: string | null;
  /** Seconds the person watched the ad, as the host measured them. */
  adSeconds: number;
  adReward: string | null;
}

export type CheckInEvent = { type: 'SIGN' } | { type: 'RETRY' } | { type: 'WATCH' } | { type: 'CONTINUE' } | { type: 'GIVE_UP' };

/** What the sign call answered: code 0 with the reward, or code 14. */
export type SignOutcome = { outcome: 'signed'; answer: SignAnswer } | { outcome: 'alreadySigned' };
/** isAdReady + requestAd('rewarded'): ready, or why not. */
export interface AdPrepared {
  ready: boolean;
  result: AdShowResult | null;
}
export interface AdShown {
  result: AdShowResult;
  adId: string | null;
  seconds: number;
}

const by = (who: 'user' | 'server' | 'system') => ({ by: who });

/** The locale key for a host answer that is neither a reward nor a close. */
export function adMessageKey(result: AdShowResult | null): string {
  if (result === 'ADS_NOT_SUPPORTED') return 'checkIn.ads.notSupported';
  if (result === 'AD_NETWORK_ERROR') return 'checkIn.ads.networkError';
  if (result === 'USER_UNAUTHENTICATED') return 'messages.loginFirst';
  return 'checkIn.ads.notAvailable';
}

export const checkInMachine = setup({
  types: { context: {} as CheckInContext, events: {} as CheckInEvent },
  actors: {
    /** POST /api/adv/sign/check. */
    loadToday: fromPromiseStub<SignCheck, void>('loadToday'),
    /** POST /api/adv/sign. */
    sign: fromPromiseStub<SignOutcome, void>('sign'),
    /** The host bridge: Pi.Ads.isAdReady('rewarded'), then requestAd('rewarded') when not ready. */
    prepareAd: fromPromiseStub<AdPrepared, void>('prepareAd'),
    /** The host bridge: Pi.Ads.showAd('rewarded'). */
    showAd: fromPromiseStub<AdShown, void>('showAd'),
    /** POST /api/adv/ad/reward: the server asks the platform about the ad id and pays once. */
    claimAd: fromPromiseStub<AdRewardAnswer, { adId: string; seconds: number }>('claimAd'),
  },
  guards: {
    signedToday: ({ event }) => (event as unknown as { output: SignCheck }).output.signed,
    answeredAlreadySigned: ({ event }) => (event as unknown as { output: SignOutcome }).output.outcome === 'alreadySigned',
    adReady: ({ event }) => (event as unknown as { output: AdPrepared }).output.ready,
    adsNotSupported: ({ event }) => (event as unknown as { output: AdPrepared | AdShown }).output.result === 'ADS_NOT_SUPPORTED',
    adRewarded: ({ event }) => {
      const shown = (event as unknown as { output: AdShown }).output;
      return shown.result === 'AD_REWARDED' && !!shown.adId;
    },
    adClosed: ({ event }) => (event as unknown as { output: AdShown }).output.result === 'AD_CLOSED',
    granted: ({ event }) => (event as unknown as { output: AdRewardAnswer }).output.rewarded,
  },
}).createMachine({
  id: 'checkIn',
  type: 'parallel',
  context: { dayMessage: null, reward: null, adMessage: null, adId: null, adSeconds: 0, adReward: null },
  states: {
    day: {
      initial: 'checking',
      states: {
        checking: {
          invoke: {
            id: 'loadToday',
            src: 'loadToday',
            onDone: [
              { guard: 'signedToday', target: 'alreadySigned', meta: by('server') },
              { target: 'notSigned', meta: by('server') },
            ],
            onError: { target: 'failed', actions: assign({ dayMessage: 'messages.signInFailed' }), meta: by('server') },
          },
        },
        notSigned: { on: { SIGN: { target: 'signing', meta: by('user') } } },
        signing: {
          entry: assign({ dayMessage: null }),
          invoke: {
            id: 'sign',
            src: 'sign',
            onDone: [
              { guard: 'answeredAlreadySigned', target: 'alreadySigned', actions: assign({ dayMessage: 'messages.alreadySignedToday' }), meta: by('server') },
              {
                target: 'signed',
                actions: assign({ reward: ({ event }) => (event.output.outcome === 'signed' ? event.output.answer.reward : null) }),
                meta: by('server'),
              },
            ],
            onError: { target: 'failed', actions: assign({ dayMessage: 'messages.signInFailed' }), meta: by('server') },
          },
        },
        // Checked in today: the screen rests the button (issue 24), so the chart takes no SIGN here (issue 36).
        signed: {},
        alreadySigned: {},
        failed: {
          on: {
            SIGN: { target: 'signing', meta: by('user') },
            RETRY: { target: 'checking', actions: assign({ dayMessage: null }), meta: by('user') },
          },
        },
      },
    },
    video: {
      initial: 'offered',
      states: {
        offered: { on: { WATCH: { target: 'loading', meta: by('user') } } },
        loading: {
          entry: assign({ adMessage: null, adId: null }),
          invoke: {
            id: 'prepareAd',
            src: 'prepareAd',
            onDone: [
              { guard: 'adReady', target: 'watching', meta: by('system') },
              { guard: 'adsNotSupported', target: 'unsupported', actions: assign({ adMessage: 'checkIn.ads.notSupported' }), meta: by('system') },
              { target: 'unavailable', actions: assign({ adMessage: ({ event }) => adMessageKey(event.output.result) }), meta: by('system') },
            ],
            onError: { target: 'unavailable', actions: assign({ adMessage: 'checkIn.ads.notAvailable' }), meta: by('system') },
          },
        },
        watching: {
          invoke: {
            id: 'showAd',
            src: 'showAd',
            onDone: [
              { guard: 'adRewarded', target: 'verifying', actions: assign({ adId: ({ event }) => event.output.adId, adSeconds: ({ event }) => event.output.seconds }), meta: by('system') },
              { guard: 'adClosed', target: 'closedEarly', meta: by('system') },
              { guard: 'adsNotSupported', target: 'unsupported', actions: assign({ adMessage: 'checkIn.ads.notSupported' }), meta: by('system') },
              { target: 'unavailable', actions: assign({ adMessage: ({ event }) => adMessageKey(event.output.result) }), meta: by('system') },
            ],
            onError: { target: 'unavailable', actions: assign({ adMessage: 'checkIn.ads.notAvailable' }), meta: by('system') },
          },
        },
        verifying: {
          invoke: {
            id: 'claimAd',
            src: 'claimAd',
            input: ({ context }) => ({ adId: context.adId ?? '', seconds: context.adSeconds }),
            onDone: [
              { guard: 'granted', target: 'rewarded', actions: assign({ adReward: ({ event }) => event.output.reward }), meta: by('server') },
              { target: 'notGranted', actions: assign({ adMessage: 'checkIn.ads.notGranted' }), meta: by('server') },
            ],
            onError: { target: 'notGranted', actions: assign({ adMessage: 'checkIn.ads.notGranted' }), meta: by('server') },
          },
        },
        closedEarly: {
          on: {
            CONTINUE: { target: 'loading', meta: by('user') },
            GIVE_UP: { target: 'gaveUp', meta: by('user') },
          },
        },
        gaveUp: { on: { WATCH: { target: 'loading', meta: by('user') } } },
        rewarded: { on: { WATCH: { target: 'loading', meta: by('user') } } },
        notGranted: { on: { WATCH: { target: 'loading', meta: by('user') } } },
        unavailable: { on: { WATCH: { target: 'loading', meta: by('user') } } },
        /** The host has no ads (outside the coin browser's ad network): a clear message, nothing to press. */
        unsupported: {},
      },
    },
  },
});
