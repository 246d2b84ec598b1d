/**
 * The sandbox host's ad player (`Pi.Ads` in sandbox mode): a rewarded "video" is a short countdown the
 * person can watch to the end (the sandbox ad network then acknowledges the ad as granted) or close
 * early (AD_CLOSED, never acknowledged). Plain DOM; the host's own helpers are handed in.
 */
import type { PiAds, PiAdType } from './piTypes';

interface AdHostTools {
  api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
  openOverlay(title: string, options: { testId: string; onEscape: () => void; closeButton?: HTMLButtonElement }): { body: HTMLDivElement; setStatus(text: string, isError?: boolean): void; close(): void };
  button(label: string, testId: string, kind?: 'primary' | 'secondary' | 'list'): HTMLButtonElement;
  accessToken(): string | null;
}

declare global {
  interface Window {
    /** Tests may shorten the sandbox ad (seconds). */
    __sandboxAdSeconds?: number;
  }
}

export function createSandboxAds(tools: AdHostTools): PiAds {
  const loaded = new Set<PiAdType>();
  return {
    isAdReady: (type) => Promise.resolve({ type, ready: loaded.has(type) }),
    // The sandbox ad network fills the slot unless a test armed it not to (server/sandbox/faults.ts).
    requestAd: async (type) => {
      const { loaded: filled } = await tools.api<{ loaded: boolean }>('POST', '/ads/fill', {});
      if (!filled) return { type, result: 'AD_NOT_AVAILABLE' as const };
      loaded.add(type);
      return { type, result: 'AD_LOADED' as const };
    },
    async showAd(type) {
      if (!loaded.has(type)) return { type, result: 'AD_NOT_AVAILABLE' };
      const token = tools.accessToken();
      if (type === 'rewarded' && !token) return { type, result: 'USER_UNAUTHENTICATED' };
      loaded.delete(type);
      let adId: string;
      try {
        adId = (await tools.api<{ adId: string }>('POST', '/ads', { accessToken: token })).adId;
      } catch (error) {
        return { type, result: (error as { code?: unknown }).code === 'ads_not_supported' ? 'ADS_NOT_SUPPORTED' : 'AD_NETWORK_ERROR' };
      }
      const total = Math.max(1, window.__sandboxAdSeconds ?? 5);
      return new Promise((resolve) => {
        let left = total;
        let timer = 0;
        const closeButton = tools.button('✕', 'sandbox-ad-close');
        Object.assign(closeButton.style, { width: '44px', minWidth: '44px', padding: '0', textAlign: 'center' });
        closeButton.setAttribute('aria-label', 'Close the ad');
        const finish = (result: string) => {
          window.clearInterval(timer);
          overlay.close();
          resolve({ type, result, adId });
        };
        const overlay = tools.openOverlay('Sandbox ad', { testId: 'sandbox-ad', onEscape: () => finish('AD_CLOSED'), closeButton });
        closeButton.addEventListener('click', () => finish('AD_CLOSED'));
        const screen = document.createElement('div');
        Object.assign(screen.style, { height: '160px', display: 'grid', placeItems: 'center', borderRadius: '12px', background: 'linear-gradient(135deg,#7a3ff2,#f2a93f)', color: '#fff', fontSize: '40px', fontWeight: '700' });
        screen.setAttribute('data-testid', 'sandbox-ad-countdown');
        screen.textContent = String(left);
        overlay.body.appendChild(screen);
        overlay.setStatus(`Watch to the end for the reward (${left} s).`);
        timer = window.setInterval(() => {
          left -= 1;
          screen.textContent = String(Math.max(left, 0));
          overlay.setStatus(`Watch to the end for the reward (${Math.max(left, 0)} s).`);
          if (left > 0) return;
          window.clearInterval(timer);
          void tools
            .api('POST', `/ads/${adId}/verdict`, { status: 'granted' })
            .then(() => finish('AD_REWARDED'))
            .catch(() => finish('AD_NETWORK_ERROR'));
        }, 1000);
      });
    },
  };
}
