/** The host bridge's surface (the Pi SDK's `window.Pi`), as far as Coin Mall uses it. */
export type PiScope = 'username' | 'payments' | 'wallet_address';

export interface PiAuthResult {
  accessToken: string;
  user: { uid: string; username?: string };
}

export interface PiPaymentDTO {
  identifier: string;
  user_uid: string;
  amount: number;
  memo: string;
  metadata: Record<string, unknown>;
  from_address: string;
  to_address: string;
  direction: 'user_to_app' | 'app_to_user';
  created_at: string;
  network: string;
  status: {
    developer_approved: boolean;
    transaction_verified: boolean;
    developer_completed: boolean;
    cancelled: boolean;
    user_cancelled: boolean;
  };
  transaction: null | { txid: string; verified: boolean; _link: string };
}

export interface PiPaymentData {
  /** The SDK takes a number; Coin Mall builds it from the server's decimal string at the last moment. */
  amount: number;
  memo: string;
  metadata: Record<string, unknown>;
}

export interface PiPaymentCallbacks {
  onReadyForServerApproval: (paymentId: string) => void;
  onReadyForServerCompletion: (paymentId: string, txid: string) => void;
  onCancel: (paymentId: string) => void;
  onError: (error: Error, payment?: PiPaymentDTO) => void;
}

/** The SDK's ad module (`Pi.Ads`), present where the host has the ad network. */
export type PiAdType = 'interstitial' | 'rewarded';
export interface PiAds {
  isAdReady(type: PiAdType): Promise<{ type: PiAdType; ready: boolean }>;
  requestAd(type: PiAdType): Promise<{ type: PiAdType; result: 'AD_LOADED' | 'AD_FAILED_TO_LOAD' | 'AD_NOT_AVAILABLE' }>;
  showAd(type: PiAdType): Promise<{ type: PiAdType; result: string; adId?: string }>;
}

export interface PiSdk {
  init(config: { version: string; sandbox?: boolean }): void | Promise<void>;
  authenticate(scopes: PiScope[], onIncompletePaymentFound: (payment: PiPaymentDTO) => void): Promise<PiAuthResult>;
  createPayment(paymentData: PiPaymentData, callbacks: PiPaymentCallbacks): void;
  nativeFeaturesList?(): Promise<string[]>;
  Ads?: PiAds;
}

declare global {
  interface Window {
    Pi?: PiSdk;
  }
}

/** The message the page posts to its host once the bridge is ready (SPEC 1: the page tells the host it has loaded). */
export const appLoadedMessage = { type: 'coin-mall:loaded' } as const;
