import { appLoadedMessage, type PiAuthResult, type PiPaymentDTO, type PiSdk } from './piTypes';

/**
 * The adapter over the host bridge (`window.Pi`). Everything the app asks of the coin browser goes
 * through here; in sandbox mode the sandbox host served by our server provides the same surface.
 */
export interface HostSettings {
  sandbox: boolean;
}

export function hostSettings(): HostSettings {
  const el = typeof document === 'undefined' ? null : document.getElementById('coin-mall-config');
  try {
    const parsed = el?.textContent ? (JSON.parse(el.textContent) as Partial<HostSettings>) : {};
    return { sandbox: parsed.sandbox === true };
  } catch {
    return { sandbox: false };
  }
}

function sdk(): PiSdk | undefined {
  return typeof window === 'undefined' ? undefined : window.Pi;
}

/** Inside the coin browser (or the sandbox host) the app runs; anywhere else it asks for the coin browser. */
export function inCoinBrowser(settings = hostSettings()): boolean {
  if (!sdk()) return false;
  return settings.sandbox || /PiBrowser/i.test(navigator.userAgent);
}

let ready: Promise<void> | null = null;

/** Initialises the SDK once, then tells the host the page has loaded. */
export function initBridge(settings = hostSettings()): Promise<void> {
  ready ??= (async () => {
    const pi = sdk();
    if (!pi) throw new Error('no host bridge');
    await pi.init({ version: '2.0', sandbox: settings.sandbox });
    window.postMessage(appLoadedMessage, window.location.origin);
    if (window.parent !== window) window.parent.postMessage(appLoadedMessage, '*');
  })();
  return ready;
}

export async function authenticate(onIncompletePaymentFound: (payment: PiPaymentDTO) => void): Promise<PiAuthResult> {
  await initBridge();
  const pi = sdk();
  if (!pi) throw new Error('no host bridge');
  return pi.authenticate(['username', 'payments', 'wallet_address'], onIncompletePaymentFound);
}
