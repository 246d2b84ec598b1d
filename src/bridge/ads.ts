import './piTypes';

/**
 * The host's rewarded ads (Pi.Ads): ready or loaded, then shown. Where the host has no ad network the
 * answer is ADS_NOT_SUPPORTED; the seconds the ad was on screen are measured here. The SDK was
 * initialised by the login (bridge.ts); this file stays out of the first screen's bridge chunk.
 */
export async function prepareRewardedAd(): Promise<{ ready: boolean; result: string | null }> {
  const pi = window.Pi;
  if (!pi?.Ads) return { ready: false, result: 'ADS_NOT_SUPPORTED' };
  if (pi.nativeFeaturesList && !(await pi.nativeFeaturesList()).includes('ad_network')) return { ready: false, result: 'ADS_NOT_SUPPORTED' };
  if ((await pi.Ads.isAdReady('rewarded')).ready) return { ready: true, result: null };
  const requested = await pi.Ads.requestAd('rewarded');
  return requested.result === 'AD_LOADED' ? { ready: true, result: null } : { ready: false, result: 'AD_NOT_AVAILABLE' };
}

/**
 * Shows the ad after `openSession` (the signed call that opens the server's ad session, issue 25): the
 * ad id the host answers belongs to that session, and the claim carries it.
 */
export async function showRewardedAd(openSession: () => Promise<string>): Promise<{ result: string; adId: string | null; seconds: number; session: string | null }> {
  const pi = window.Pi;
  if (!pi?.Ads) return { result: 'ADS_NOT_SUPPORTED', adId: null, seconds: 0, session: null };
  const session = await openSession();
  const started = Date.now();
  const shown = await pi.Ads.showAd('rewarded');
  return { result: shown.result, adId: shown.adId ?? null, seconds: Math.round((Date.now() - started) / 1000), session };
}
