/**
 * The sandbox host: in sandbox mode the page loads this before the app, and it plays the coin browser.
 * It defines `window.Pi` with the documented SDK behaviour, backed by our server's sandbox (/sandbox/api
 * for the person's wallet, the simulated platform behind it). Plain DOM, inline styles, English words:
 * it is the simulated Pi browser, not the product. No React, nothing big.
 */
import { Durations } from '../domain/constants';
import { formatMoney, parseMoney } from '../domain/money';
import { createSandboxAds } from './sandboxAds';
import { appLoadedMessage, type PiAuthResult, type PiPaymentCallbacks, type PiPaymentData, type PiPaymentDTO, type PiScope, type PiSdk } from './piTypes';

/** Tests may shorten the approval timing; read at each createPayment call. */
export interface SandboxHostTiming {
  approvalRetryMs?: number;
  approvalTimeoutMs?: number;
}

declare global {
  interface Window {
    __sandboxHostTiming?: SandboxHostTiming;
  }
}

/** A payment as the host API answers it: the platform's PaymentDTO with the amount as a decimal string. */
type HostPayment = Omit<PiPaymentDTO, 'amount'> & { amount: string };
interface HostWallet {
  uid: string;
  username: string;
  balance: string;
}
interface HostAuth {
  accessToken: string;
  user: { uid: string; username: string };
  incompletePayment: HostPayment | null;
}

const apiBase = '/sandbox/api';

class SandboxHostError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'SandboxHostError';
  }
}

async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${apiBase}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  if (!res.ok) {
    const err = parsed as { error?: unknown; error_message?: unknown } | null;
    const message = typeof err?.error_message === 'string' ? err.error_message : `the sandbox answered HTTP ${res.status}`;
    throw new SandboxHostError(message, typeof err?.error === 'string' ? err.error : `http_${res.status}`);
  }
  return parsed as T;
}

/** The SDK hands the app a number; the host API speaks decimal strings. This is that boundary. */
function toDto(p: HostPayment): PiPaymentDTO {
  return { ...p, amount: Number(p.amount) };
}

/** The SDK takes the amount as a number: read back its shortest decimal form, at most 7 decimals. */
function amountText(amount: number): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) throw new Error('Payment amount must be a positive number');
  const plain = /e/i.test(String(amount)) ? amount.toFixed(7) : String(amount);
  try {
    return formatMoney(parseMoney(plain));
  } catch {
    throw new Error(`Payment amount ${String(amount)} has more than 7 decimals`);
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** An app callback that throws must not derail the host's own flow. */
function safely(fn: () => void): void {
  try {
    fn();
  } catch (error) {
    console.error('[sandbox host] an app callback threw:', error);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- DOM helpers

type Style = Partial<Record<keyof CSSStyleDeclaration, string>>;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  options: { style?: Style; text?: string; attrs?: Record<string, string> } = {},
  children: (Node | null)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (options.style) Object.assign(node.style, options.style);
  if (options.text !== undefined) node.textContent = options.text;
  for (const [name, value] of Object.entries(options.attrs ?? {})) node.setAttribute(name, value);
  for (const child of children) if (child) node.appendChild(child);
  return node;
}

const colours = { brand: '#7a3ff2', text: '#1d1b22', muted: '#5d5866', line: '#e4e0ea', danger: '#b3261e', surface: '#ffffff' };

const buttonBase: Style = {
  display: 'block',
  width: '100%',
  minHeight: '44px',
  padding: '10px 14px',
  borderRadius: '10px',
  font: 'inherit',
  fontSize: '15px',
  cursor: 'pointer',
  boxSizing: 'border-box',
};

function button(label: string, testId: string, kind: 'primary' | 'secondary' | 'list' = 'secondary'): HTMLButtonElement {
  const style: Style =
    kind === 'primary'
      ? { ...buttonBase, background: colours.brand, color: '#fff', border: `1px solid ${colours.brand}`, fontWeight: '600' }
      : kind === 'list'
        ? { ...buttonBase, background: colours.surface, color: colours.text, border: `1px solid ${colours.line}`, textAlign: 'left', display: 'flex', justifyContent: 'space-between', gap: '8px' }
        : { ...buttonBase, background: colours.surface, color: colours.text, border: `1px solid ${colours.line}` };
  return el('button', { style, text: label, attrs: { type: 'button', 'data-testid': testId } });
}

let dialogCount = 0;

interface Overlay {
  dialog: HTMLDivElement;
  body: HTMLDivElement;
  setStatus(text: string, isError?: boolean): void;
  close(): void;
}

/**
 * A modal sheet: backdrop, role="dialog", aria-modal, labelled by its heading, focus moved in and kept
 * in (Tab cycles), Escape runs `onEscape`, focus handed back on close.
 */
function openOverlay(title: string, options: { testId: string; onEscape: () => void; closeButton?: HTMLButtonElement }): Overlay {
  const id = `sandbox-host-dialog-${++dialogCount}`;
  const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const heading = el('h2', { text: title, attrs: { id: `${id}-title` }, style: { margin: '0', fontSize: '17px', fontWeight: '700', flex: '1' } });
  const header = el('div', { style: { display: 'flex', alignItems: 'center', gap: '8px', marginBottom: '12px' } }, [
    el('span', { text: 'π', attrs: { 'aria-hidden': 'true' }, style: { display: 'inline-grid', placeItems: 'center', width: '28px', height: '28px', borderRadius: '50%', background: colours.brand, color: '#fff', fontWeight: '700' } }),
    heading,
    options.closeButton ?? null,
  ]);
  const status = el('p', { attrs: { role: 'status', 'aria-live': 'polite' }, style: { margin: '10px 0 0', fontSize: '14px', color: colours.muted, minHeight: '1em' } });
  const body = el('div');
  const dialog = el(
    'div',
    {
      attrs: { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': heading.id, 'data-testid': options.testId, tabindex: '-1' },
      style: {
        width: '100%',
        maxWidth: '375px',
        maxHeight: '90vh',
        overflowY: 'auto',
        boxSizing: 'border-box',
        background: colours.surface,
        color: colours.text,
        borderRadius: '16px 16px 0 0',
        padding: '16px 16px calc(16px + env(safe-area-inset-bottom))',
        boxShadow: '0 -4px 24px rgba(0,0,0,.25)',
        font: '15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
        outline: 'none',
      },
    },
    [header, body, status],
  );
  const backdrop = el('div', {
    attrs: { 'data-sandbox-host': 'overlay' },
    style: { position: 'fixed', inset: '0', zIndex: '2147483000', background: 'rgba(20,16,28,.55)', display: 'flex', alignItems: 'flex-end', justifyContent: 'center', pointerEvents: 'auto' },
  }, [dialog]);
  // The real host's dialogs are native, outside the page: an app dialog open beneath (a review sheet
  // running the fresh authentication inline) must neither see these taps and focus as "outside" and
  // close, nor pull the focus back while the host asks.
  for (const type of ['pointerdown', 'mousedown', 'focusin', 'focusout'] as const) backdrop.addEventListener(type, (event) => event.stopPropagation());

  const focusables = () =>
    Array.from(dialog.querySelectorAll<HTMLElement>('button, input, [href], select, textarea, [tabindex]:not([tabindex="-1"])')).filter(
      (n) => !n.hasAttribute('disabled') && n.offsetParent !== null,
    );
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      options.onEscape();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables();
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      dialog.focus();
    } else if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });

  document.body.appendChild(backdrop);
  dialog.focus();
  return {
    dialog,
    body,
    setStatus(text, isError = false) {
      status.textContent = text;
      status.setAttribute('role', isError ? 'alert' : 'status');
      status.style.color = isError ? colours.danger : colours.muted;
    },
    close() {
      backdrop.remove();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    },
  };
}

function focusFirst(overlay: Overlay) {
  const target = overlay.dialog.querySelector<HTMLElement>('[data-autofocus]') ?? overlay.dialog.querySelector<HTMLElement>('button:not([disabled]), input');
  (target ?? overlay.dialog).focus();
}

function setBusy(overlay: Overlay, busy: boolean) {
  for (const control of overlay.dialog.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input')) control.disabled = busy;
  overlay.dialog.setAttribute('aria-busy', busy ? 'true' : 'false');
}

// ---------------------------------------------------------------- authenticate

const scopeWords: Record<PiScope, string> = { username: 'your username', payments: 'payments', wallet_address: 'your wallet address' };
let initialised = false;
let session: { accessToken: string; uid: string } | null = null;
let openAuth: { overlay: Overlay; reject: (error: Error) => void } | null = null;

function authenticate(scopes: PiScope[], onIncompletePaymentFound: (payment: PiPaymentDTO) => void): Promise<PiAuthResult> {
  if (!initialised) return Promise.reject(new Error('Pi.init() must be called before Pi.authenticate()'));
  if (openAuth) {
    openAuth.overlay.close();
    openAuth.reject(new Error('Authentication was superseded by a new Pi.authenticate() call'));
    openAuth = null;
  }
  return new Promise<PiAuthResult>((resolve, reject) => {
    const closeButton = button('✕', 'sandbox-auth-cancel');
    Object.assign(closeButton.style, { width: '44px', minWidth: '44px', padding: '0', textAlign: 'center' } satisfies Style);
    closeButton.setAttribute('aria-label', 'Close');

    const cancel = () => {
      overlay.close();
      openAuth = null;
      reject(new Error('The user cancelled authentication'));
    };
    const overlay = openOverlay('Pi Sandbox: sign in', { testId: 'sandbox-auth', onEscape: cancel, closeButton });
    openAuth = { overlay, reject };
    closeButton.addEventListener('click', cancel);

    const words = scopes.map((s) => scopeWords[s] ?? s);
    const wanted = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] ?? ''}` : (words[0] ?? 'nothing');
    const list = el('div', { attrs: { role: 'group', 'aria-label': 'Test users' }, style: { display: 'grid', gap: '8px' } });
    const inputId = `sandbox-host-new-username-${dialogCount}`;
    const input = el('input', {
      attrs: { id: inputId, type: 'text', 'data-testid': 'sandbox-new-username', autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', maxlength: '32', pattern: '[a-z0-9_]{3,32}', 'aria-describedby': `${inputId}-hint` },
      style: { flex: '1', minWidth: '0', minHeight: '44px', padding: '8px 10px', borderRadius: '10px', border: `1px solid ${colours.line}`, font: 'inherit', boxSizing: 'border-box' },
    });
    const create = button('Create', 'sandbox-create', 'primary');
    Object.assign(create.style, { width: 'auto' } satisfies Style);
    const form = el('form', { attrs: { novalidate: '' }, style: { marginTop: '16px' } }, [
      el('label', { text: 'Or create a new test user', attrs: { for: inputId }, style: { display: 'block', fontWeight: '600', marginBottom: '6px' } }),
      el('div', { style: { display: 'flex', gap: '8px' } }, [input, create]),
      el('p', { text: '3 to 32 characters: a–z, 0–9 or _. Starts with 1000 test π.', attrs: { id: `${inputId}-hint` }, style: { margin: '6px 0 0', fontSize: '13px', color: colours.muted } }),
    ]);
    create.type = 'submit';
    overlay.body.append(
      el('p', { text: `Coin Mall asks for ${wanted}. Choose a test user:`, style: { margin: '0 0 12px', color: colours.muted } }),
      list,
      form,
    );

    const signIn = async (uid: string) => {
      setBusy(overlay, true);
      overlay.setStatus('Signing in…');
      try {
        const auth = await api<HostAuth>('POST', '/auth', { uid, scopes });
        overlay.close();
        openAuth = null;
        session = { accessToken: auth.accessToken, uid: auth.user.uid };
        if (auth.incompletePayment) {
          const payment = toDto(auth.incompletePayment);
          safely(() => onIncompletePaymentFound(payment));
        }
        resolve({ accessToken: auth.accessToken, user: { uid: auth.user.uid, username: auth.user.username } });
      } catch (error) {
        setBusy(overlay, false);
        overlay.setStatus(asError(error).message, true);
      }
    };

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const username = input.value.trim();
      if (!/^[a-z0-9_]{3,32}$/.test(username)) {
        overlay.setStatus('The user name needs 3 to 32 characters: lower-case letters a–z, digits 0–9 or _.', true);
        input.focus();
        return;
      }
      void (async () => {
        setBusy(overlay, true);
        overlay.setStatus('Creating the test user…');
        try {
          const wallet = await api<HostWallet>('POST', '/wallets', { username });
          await signIn(wallet.uid);
        } catch (error) {
          setBusy(overlay, false);
          overlay.setStatus(asError(error).message, true);
          input.focus();
        }
      })();
    });

    overlay.setStatus('Loading test users…');
    void api<{ wallets: HostWallet[] }>('GET', '/wallets')
      .then(({ wallets }) => {
        for (const w of wallets) {
          const pick = button('', `sandbox-user-${w.username}`, 'list');
          pick.append(el('span', { text: w.username, style: { fontWeight: '600' } }), el('span', { text: `${w.balance} π`, style: { color: colours.muted } }));
          pick.addEventListener('click', () => void signIn(w.uid));
          list.appendChild(pick);
        }
        overlay.setStatus(wallets.length === 0 ? 'No test users yet: create one.' : '');
        focusFirst(overlay);
      })
      .catch((error: unknown) => overlay.setStatus(`Could not load the test users: ${asError(error).message}`, true));
  });
}

// ---------------------------------------------------------------- createPayment

function timing(): { retry: number; timeout: number } {
  const override = typeof window === 'undefined' ? undefined : window.__sandboxHostTiming;
  const positive = (n: number | undefined, fallback: number) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : fallback);
  return { retry: positive(override?.approvalRetryMs, Durations.approvalRetry), timeout: positive(override?.approvalTimeoutMs, Durations.approvalTimeout) };
}

/** What Escape does in a sheet once it offers a choice. */
const onEscapeOf = new WeakMap<Overlay, () => void>();

type ApprovalOutcome = { kind: 'approved'; payment: HostPayment } | { kind: 'cancelled'; payment: HostPayment } | { kind: 'timeout' };

/** Calls onReadyForServerApproval now and every retry period until the platform shows the approval, or gives up. */
async function waitForApproval(payment: HostPayment, callbacks: PiPaymentCallbacks): Promise<ApprovalOutcome> {
  const { retry, timeout } = timing();
  const id = payment.identifier;
  const started = Date.now();
  let lastAsked = started;
  const poll = Math.max(25, Math.min(500, retry / 4));
  safely(() => callbacks.onReadyForServerApproval(id));
  for (;;) {
    await sleep(poll);
    let current: HostPayment | null = null;
    try {
      current = await api<HostPayment>('GET', `/payments/${encodeURIComponent(id)}`);
    } catch {
      current = null; // a blip: ask again on the next round, until the timeout
    }
    if (current?.status.cancelled) return { kind: 'cancelled', payment: current };
    if (current?.status.developer_approved) return { kind: 'approved', payment: current };
    const now = Date.now();
    if (now - started >= timeout) return { kind: 'timeout' };
    if (now - lastAsked >= retry) {
      lastAsked = now;
      safely(() => callbacks.onReadyForServerApproval(id));
    }
  }
}

function row(label: string, value: string, testId: string): HTMLElement {
  return el('div', { style: { display: 'flex', justifyContent: 'space-between', gap: '12px', padding: '8px 0', borderBottom: `1px solid ${colours.line}` } }, [
    el('span', { text: label, style: { color: colours.muted } }),
    el('span', { text: value, attrs: { 'data-testid': testId }, style: { fontWeight: '600', textAlign: 'right', overflowWrap: 'anywhere' } }),
  ]);
}

/** The wallet sheet: shows the approved payment and waits for the person's choice. */
function walletChoice(overlay: Overlay, payment: HostPayment, balance: string | null): Promise<'approve' | 'cancel'> {
  return new Promise((resolve) => {
    const approve = button('Pay', 'sandbox-wallet-approve', 'primary');
    const cancel = button('Cancel', 'sandbox-wallet-cancel');
    approve.setAttribute('data-autofocus', '');
    const parts: (HTMLElement | null)[] = [
      el('p', { text: `${payment.amount} π`, attrs: { 'data-testid': 'sandbox-wallet-amount' }, style: { margin: '4px 0 12px', fontSize: '28px', fontWeight: '700', textAlign: 'center' } }),
      row('Memo', payment.memo, 'sandbox-wallet-memo'),
      row('To', 'Coin Mall', 'sandbox-wallet-to'),
      balance === null ? null : row('Your balance', `${balance} π`, 'sandbox-wallet-balance'),
      el('div', { style: { display: 'grid', gap: '8px', marginTop: '16px' } }, [approve, cancel]),
    ];
    overlay.body.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
    overlay.setStatus('');
    onEscapeOf.set(overlay, () => resolve('cancel'));
    approve.addEventListener('click', () => resolve('approve'), { once: true });
    cancel.addEventListener('click', () => resolve('cancel'), { once: true });
    focusFirst(overlay);
  });
}

async function runPayment(data: PiPaymentData, callbacks: PiPaymentCallbacks): Promise<void> {
  let payment: HostPayment | undefined;
  let overlay: Overlay | null = null;
  try {
    if (!session) throw new Error('Pi.authenticate() must succeed before Pi.createPayment()');
    const amount = amountText(data.amount);
    payment = await api<HostPayment>('POST', '/payments', { accessToken: session.accessToken, amount, memo: data.memo, metadata: data.metadata ?? {} });
    const id = payment.identifier;

    const sheet = openOverlay('Pi Wallet', { testId: 'sandbox-wallet', onEscape: () => onEscapeOf.get(sheet)?.() });
    overlay = sheet;
    sheet.body.append(el('p', { text: `${payment.amount} π to Coin Mall`, style: { margin: '4px 0', fontWeight: '600' } }));
    sheet.setStatus('Waiting for Coin Mall to approve the payment…');

    const outcome = await waitForApproval(payment, callbacks);
    if (outcome.kind === 'timeout') {
      sheet.setStatus('Coin Mall did not approve the payment in time.', true);
      payment = await api<HostPayment>('POST', `/payments/${encodeURIComponent(id)}/cancel`, { reason: 'approval_timeout' });
      sheet.close();
      overlay = null;
      safely(() => callbacks.onCancel(id));
      return;
    }
    payment = outcome.payment;
    if (outcome.kind === 'cancelled') {
      sheet.close();
      overlay = null;
      safely(() => callbacks.onCancel(id));
      return;
    }

    const uid = session.uid;
    const balance = await api<{ wallets: HostWallet[] }>('GET', '/wallets')
      .then(({ wallets }) => wallets.find((w) => w.uid === uid)?.balance ?? null)
      .catch(() => null);
    const choice = await walletChoice(sheet, payment, balance);
    setBusy(sheet, true);
    if (choice === 'cancel') {
      sheet.setStatus('Cancelling…');
      payment = await api<HostPayment>('POST', `/payments/${encodeURIComponent(id)}/cancel`, { reason: 'user' });
      sheet.close();
      overlay = null;
      safely(() => callbacks.onCancel(id));
      return;
    }
    sheet.setStatus('Signing and submitting the transaction…');
    payment = await api<HostPayment>('POST', `/payments/${encodeURIComponent(id)}/sign`);
    const txid = payment.transaction?.txid;
    if (!txid) throw new Error('The wallet did not produce a transaction');
    sheet.close();
    overlay = null;
    safely(() => callbacks.onReadyForServerCompletion(id, txid));
  } catch (error) {
    overlay?.close();
    const dto = payment ? toDto(payment) : undefined;
    safely(() => callbacks.onError(asError(error), dto));
  }
}

// ---------------------------------------------------------------- window.Pi

const sandboxPi: PiSdk = {
  init() {
    initialised = true;
    return Promise.resolve();
  },
  authenticate,
  createPayment(paymentData, callbacks) {
    void runPayment(paymentData, callbacks);
  },
  // The sandbox ad network says whether it serves this host (a test may arm it not to: server/sandbox/faults.ts).
  nativeFeaturesList: () => api<{ supported: boolean }>('GET', '/ads/support').then(({ supported }) => (supported ? ['ad_network'] : [])),
  Ads: createSandboxAds({ api, openOverlay, button, accessToken: () => session?.accessToken ?? null }),
};

if (typeof window !== 'undefined') {
  window.Pi = sandboxPi;
  /** SPEC 1: the page tells the host it has loaded; the host marks it where tests can see it. */
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.origin !== window.location.origin) return;
    const data = event.data as { type?: unknown } | null;
    if (typeof data === 'object' && data !== null && data.type === appLoadedMessage.type) {
      document.documentElement.dataset.hostLoaded = '1';
    }
  });
}
