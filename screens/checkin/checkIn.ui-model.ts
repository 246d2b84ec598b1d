import type { Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { checkInMachine, type CheckInContext } from '../../machines/checkIn.machine';
import type { UiModel } from '../../model-tests/ui/support/uiWalk';
import { english, until, vis, visibleOf as visibleOfIds } from '../../model-tests/ui/support/screen';
import { failOnce } from '../account/loginGate.ui-model';

/**
 * The day's check-in and the rewarded video (machines/checkIn.machine.ts) on /sign, as a person takes
 * them (issue 26, UI-level model tests; the walk is model-tests/ui/clientCharts.ui.test.ts). Test code:
 * nothing in the app imports it. Each path is a new person (a new sandbox wallet), since a check-in is
 * once a day; the video is the sandbox host's ad (a countdown of a few seconds).
 *
 * Each region is asserted on its own: the day's line says the state's message and the check-in button
 * is live or resting; the video card says its message and offers watch, or continue and give up.
 */
export interface CheckInUiWorld {
  url: string;
  /** This path's person, logged in, at /sign. */
  page: Page;
  /** The person's sandbox username (the host's sign-in picker lists it). */
  username: string;
  /** The same person checks in from another tab (the first tab still shows the button). */
  checkInElsewhere(): Promise<void>;
  /** Arms a fault of the sandbox ad network for its next answer (server/sandbox/faults.ts; sandbox mode only). */
  fault(name: 'adsUnsupported' | 'adNetworkDown' | 'adsUnfilled' | 'adShowUnsupported' | 'adNotGranted'): Promise<void>;
}

/**
 * Watch (or continue): after a page load the host first asks who is watching (its sign-in, since the
 * session was restored without it); the person picks themselves.
 */
async function watch(w: CheckInUiWorld, button: 'ad-watch' | 'ad-continue'): Promise<void> {
  await vis(w.page, button).click();
  const picker = w.page.getByTestId('sandbox-auth').filter({ visible: true });
  const ad = w.page.getByTestId('sandbox-ad').filter({ visible: true });
  const settled = w.page.locator('[data-testid="video"]:not([data-state="loading"]):not([data-state="watching"])').filter({ visible: true });
  await picker.or(ad).or(settled).first().waitFor({ timeout: 10_000 }).catch(() => undefined);
  if (await picker.isVisible()) await w.page.getByTestId(`sandbox-user-${w.username}`).click();
}

/** The day line and the video line may be empty (no height): they are read inside their visible card. */
const line = (p: Page, testId: string) => p.locator('section').filter({ visible: true }).getByTestId(testId).first();
const dayState = (p: Page) => line(p, 'sign-status').getAttribute('data-state', { timeout: 2000 });
const videoState = (p: Page) => vis(p, 'video').getAttribute('data-state', { timeout: 2000 });
const text = async (p: Page, testId: string) => ((await line(p, testId).textContent({ timeout: 2000 })) ?? '').trim();
const ctx = (m: AnyMachineSnapshot) => m.context as CheckInContext;

async function day(w: CheckInUiWorld, state: string, message: string | null, button: 'live' | 'resting', retry: boolean): Promise<void> {
  await until('the day line', () => dayState(w.page), state, 10_000);
  const said = await text(w.page, 'sign-status');
  if (message === null ? !/\d/.test(said) : said !== message) throw new Error(`the day line says "${said}", expected ${message === null ? 'the reward' : `"${message}"`}`);
  const disabled = await vis(w.page, 'sign-button').isDisabled();
  if (disabled !== (button === 'resting')) throw new Error(`the check-in button is ${disabled ? 'resting' : 'live'}, expected ${button}`);
  const hasRetry = (await vis(w.page, 'sign-retry').count()) > 0;
  if (hasRetry !== retry) throw new Error(`try again is ${hasRetry ? '' : 'not '}offered`);
}

async function video(w: CheckInUiWorld, state: string, message: string | null, offers: 'watch' | 'busy' | 'continue' | 'nothing'): Promise<void> {
  await until('the video card', () => videoState(w.page), state, 12_000);
  if (message !== null) {
    const said = await text(w.page, 'video-status');
    if (said !== message) throw new Error(`the video card says "${said}", expected "${message}"`);
  }
  const watch = vis(w.page, 'ad-watch');
  if (offers === 'nothing') {
    const offered = await visibleOfIds(w.page, ['ad-watch', 'ad-continue', 'ad-give-up']);
    if (offered.length > 0) throw new Error(`the video card offers ${offered.join(', ')} on a host without ads`);
  } else if (offers === 'continue') {
    if ((await vis(w.page, 'ad-continue').count()) === 0 || (await vis(w.page, 'ad-give-up').count()) === 0) throw new Error('continue and give up are not offered');
    if ((await watch.count()) > 0) throw new Error('watch is offered while the video was closed early');
  } else {
    const disabled = await watch.isDisabled();
    if (disabled !== (offers === 'busy')) throw new Error(`watch is ${disabled ? 'resting' : 'live'}, expected ${offers === 'busy' ? 'resting' : 'live'}`);
  }
}

const claim = { type: 'xstate.done.actor.claimAd', output: { rewarded: true, reward: '0.1' } };

export const checkInUiModel: Omit<UiModel<CheckInUiWorld>, 'begin' | 'end'> = {
  chart: 'checkIn',
  machine: checkInMachine,
  states: {
    'day.notSigned': (w) => day(w, 'notSigned', '', 'live', false),
    'day.signed': (w) => day(w, 'signed', null, 'resting', false),
    'day.alreadySigned': (w, m) => day(w, 'alreadySigned', english(ctx(m).dayMessage ?? 'checkIn.signedToday'), 'resting', false),
    'day.failed': (w, m) => day(w, 'failed', english(ctx(m).dayMessage ?? 'messages.signInFailed'), 'live', true),
    'video.offered': (w) => video(w, 'offered', '', 'watch'),
    'video.rewarded': (w) => video(w, 'rewarded', null, 'watch'),
    'video.closedEarly': (w) => video(w, 'closedEarly', english('checkIn.ads.closedEarly'), 'continue'),
    'video.gaveUp': (w) => video(w, 'gaveUp', english('checkIn.ads.gaveUp'), 'watch'),
    'video.unavailable': (w, m) => video(w, 'unavailable', english(ctx(m).adMessage ?? 'checkIn.ads.notAvailable'), 'watch'),
    'video.notGranted': (w, m) => video(w, 'notGranted', english(ctx(m).adMessage ?? 'checkIn.ads.notGranted'), 'watch'),
    // A host without an ad network: the card says so and offers nothing to watch.
    'video.unsupported': (w, m) => video(w, 'unsupported', english(ctx(m).adMessage ?? 'checkIn.ads.notSupported'), 'nothing'),
  },
  passing: {
    'day.checking': 'a request in flight (the screen opening)',
    'day.signing': 'a request in flight',
    'video.loading': 'the host preparing the ad',
    'video.watching': 'the host showing the ad (after the server opened its ad session); how it ends is checked',
    'video.verifying': 'a request in flight',
  },
  steps: {
    // The screen opened for a person who has not checked in today (begin opened it).
    'checkIn.day.checking --xstate.done.actor.loadToday#1--> checkIn.day.notSigned': {
      event: () => ({ type: 'xstate.done.actor.loadToday', output: { signed: false } }),
    },
    // They checked in earlier today (another tab), and open the screen again.
    'checkIn.day.checking --xstate.done.actor.loadToday#0--> checkIn.day.alreadySigned': {
      event: () => ({ type: 'xstate.done.actor.loadToday', output: { signed: true } }),
      run: async (w) => {
        await w.checkInElsewhere();
        await w.page.reload();
      },
    },
    'checkIn.day.checking --xstate.error.actor.loadToday#0--> checkIn.day.failed': {
      event: () => ({ type: 'xstate.error.actor.loadToday', error: new Error('network') }),
      arrange: (w) => failOnce(w.page, '/api/adv/sign/check'),
      run: (w) => w.page.reload().then(() => undefined),
    },
    'checkIn.day.notSigned --SIGN#0--> checkIn.day.signing': { run: (w) => vis(w.page, 'sign-button').click() },
    'checkIn.day.failed --SIGN#0--> checkIn.day.signing': { run: (w) => vis(w.page, 'sign-button').click() },
    'checkIn.day.failed --RETRY#0--> checkIn.day.checking': { run: (w) => vis(w.page, 'sign-retry').click() },
    'checkIn.day.signing --xstate.done.actor.sign#1--> checkIn.day.signed': {
      event: () => ({ type: 'xstate.done.actor.sign', output: { outcome: 'signed', answer: { reward: '1' } } }),
    },
    // Checked in from another tab meanwhile: the server answers 14 ("already signed in today").
    'checkIn.day.signing --xstate.done.actor.sign#0--> checkIn.day.alreadySigned': {
      event: () => ({ type: 'xstate.done.actor.sign', output: { outcome: 'alreadySigned' } }),
      arrange: (w) => w.checkInElsewhere(),
    },
    'checkIn.day.signing --xstate.error.actor.sign#0--> checkIn.day.failed': {
      event: () => ({ type: 'xstate.error.actor.sign', error: new Error('network') }),
      arrange: (w) => failOnce(w.page, '/api/adv/sign'),
    },
    'checkIn.video.offered --WATCH#0--> checkIn.video.loading': { run: (w) => watch(w, 'ad-watch') },
    'checkIn.video.gaveUp --WATCH#0--> checkIn.video.loading': { run: (w) => watch(w, 'ad-watch') },
    'checkIn.video.rewarded --WATCH#0--> checkIn.video.loading': { run: (w) => watch(w, 'ad-watch') },
    'checkIn.video.unavailable --WATCH#0--> checkIn.video.loading': { run: (w) => watch(w, 'ad-watch') },
    'checkIn.video.notGranted --WATCH#0--> checkIn.video.loading': { run: (w) => watch(w, 'ad-watch') },
    'checkIn.video.closedEarly --CONTINUE#0--> checkIn.video.loading': { run: (w) => watch(w, 'ad-continue') },
    'checkIn.video.closedEarly --GIVE_UP#0--> checkIn.video.gaveUp': { run: (w) => vis(w.page, 'ad-give-up').click() },
    'checkIn.video.loading --xstate.done.actor.prepareAd#0--> checkIn.video.watching': {
      event: () => ({ type: 'xstate.done.actor.prepareAd', output: { ready: true, result: null } }),
    },
    // Watched to the end: the sandbox ad network grants it, the server pays.
    'checkIn.video.watching --xstate.done.actor.showAd#0--> checkIn.video.verifying': {
      event: () => ({ type: 'xstate.done.actor.showAd', output: { result: 'AD_REWARDED', adId: 'ad', seconds: 3 } }),
    },
    'checkIn.video.watching --xstate.done.actor.showAd#1--> checkIn.video.closedEarly': {
      event: () => ({ type: 'xstate.done.actor.showAd', output: { result: 'AD_CLOSED', adId: 'ad', seconds: 1 } }),
      run: (w) => w.page.getByTestId('sandbox-ad-close').click({ timeout: 10_000 }),
    },
    // The host cannot reach its ad network: AD_NETWORK_ERROR.
    'checkIn.video.watching --xstate.done.actor.showAd#3--> checkIn.video.unavailable': {
      event: () => ({ type: 'xstate.done.actor.showAd', output: { result: 'AD_NETWORK_ERROR', adId: null, seconds: 0 } }),
      arrange: (w) => failOnce(w.page, '/sandbox/api/ads'),
    },
    // The server's ad session cannot be opened (the request fails on the way).
    'checkIn.video.watching --xstate.error.actor.showAd#0--> checkIn.video.unavailable': {
      event: () => ({ type: 'xstate.error.actor.showAd', error: new Error('network') }),
      arrange: (w) => failOnce(w.page, '/api/adv/ad/start'),
    },
    'checkIn.video.verifying --xstate.done.actor.claimAd#0--> checkIn.video.rewarded': { event: () => claim },
    // The sandbox made to fail on demand (issue 36, server/sandbox/faults.ts): a host without an ad network, an
    // ad network that does not answer, no ad to fill the slot, ads refused when shown, an ad not granted.
    'checkIn.video.loading --xstate.done.actor.prepareAd#1--> checkIn.video.unsupported': {
      event: () => ({ type: 'xstate.done.actor.prepareAd', output: { ready: false, result: 'ADS_NOT_SUPPORTED' } }),
      arrange: (w) => w.fault('adsUnsupported'),
    },
    'checkIn.video.loading --xstate.done.actor.prepareAd#2--> checkIn.video.unavailable': {
      event: () => ({ type: 'xstate.done.actor.prepareAd', output: { ready: false, result: 'AD_NOT_AVAILABLE' } }),
      arrange: (w) => w.fault('adsUnfilled'),
    },
    'checkIn.video.loading --xstate.error.actor.prepareAd#0--> checkIn.video.unavailable': {
      event: () => ({ type: 'xstate.error.actor.prepareAd', error: new Error('ad network down') }),
      arrange: (w) => w.fault('adNetworkDown'),
    },
    'checkIn.video.watching --xstate.done.actor.showAd#2--> checkIn.video.unsupported': {
      event: () => ({ type: 'xstate.done.actor.showAd', output: { result: 'ADS_NOT_SUPPORTED', adId: null, seconds: 0 } }),
      arrange: (w) => w.fault('adShowUnsupported'),
    },
    'checkIn.video.verifying --xstate.done.actor.claimAd#1--> checkIn.video.notGranted': {
      event: () => ({ type: 'xstate.done.actor.claimAd', output: { rewarded: false, reward: '0' } }),
      arrange: (w) => w.fault('adNotGranted'),
    },
    'checkIn.video.verifying --xstate.error.actor.claimAd#0--> checkIn.video.notGranted': {
      event: () => ({ type: 'xstate.error.actor.claimAd', error: new Error('network') }),
      arrange: (w) => failOnce(w.page, '/api/adv/ad/reward'),
    },
  },
  notWalkable: {},
};
