import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { checkInMachine, type AdPrepared, type AdShown } from '../../../machines/checkIn.machine';
import type { AdShowResult } from '../../domain/points';
import { AdShowResults } from '../../domain/points';
import { claimAdReward, sign, signCheck, startAdSession } from '../../api/points';
import { prepareRewardedAd, showRewardedAd } from '../../bridge/ads';
import { ensureHostSession } from '../gate';
import { fromRequest } from '../onceActors';

const asResult = (text: string | null): AdShowResult | null => (AdShowResults as readonly string[]).includes(text ?? '') ? (text as AdShowResult) : text === null ? null : 'AD_NOT_AVAILABLE';

/** The ad session each shown ad was opened in (the chart carries the ad id; the claim needs both). */
const adSessions = new Map<string, string>();

/** The check-in chart with its actors: the API for the server's steps, the host bridge's Pi.Ads for the video. */
export const providedCheckIn = checkInMachine.provide({
  actors: {
    // A read: shown again, the screen reads today's state again (decision 008); the steps below run once (decision 065).
    loadToday: fromPromise(() => signCheck()),
    sign: fromRequest(() => sign()),
    prepareAd: fromRequest(async (): Promise<AdPrepared> => {
      await ensureHostSession(); // a restored session: the host rewards only whom it authenticated in this page load
      const prepared = await prepareRewardedAd();
      return { ready: prepared.ready, result: asResult(prepared.result) };
    }),
    showAd: fromRequest(async (): Promise<AdShown> => {
      await ensureHostSession();
      const shown = await showRewardedAd(async () => (await startAdSession()).session);
      if (shown.adId && shown.session) adSessions.set(shown.adId, shown.session);
      return { result: asResult(shown.result) ?? 'AD_NOT_AVAILABLE', adId: shown.adId, seconds: shown.seconds };
    }),
    claimAd: fromRequest((input: { adId: string; seconds: number }) => claimAdReward(input.adId, input.seconds, adSessions.get(input.adId) ?? '')),
  },
});

export function useCheckIn() {
  return useActorRef(providedCheckIn);
}
