import crypto from 'node:crypto';
import { log } from '../observability/log';
import { defaultOutsideTimeouts, kindOfError, kindOfStatus, outsideFailed, withDeadline } from '../observability/outside';
import { Asset, BadResponseError, Horizon, Keypair, Memo, NetworkError, NotFoundError, Operation, StrKey, TransactionBuilder, TransactionFailedError } from '@stellar/stellar-sdk';

/**
 * The chain step of an app-to-user payout (issue 27), with `@stellar/stellar-sdk`: load the app
 * wallet's account from the network's Horizon, build ONE native payment to the platform payment's
 * `to_address` with memo = the payment id, the network's base fee and time bounds, sign it with the
 * app wallet's seed, and submit that envelope (again and again if need be: a chain takes one
 * sequence number once). The same code runs against Pi's Horizon and against the sandbox Horizon
 * (server/sandbox/horizon.ts), which decodes what this builds with the same SDK.
 *
 * The seed lives only inside this module's closure: never logged, never returned, never in an error.
 */

export interface PiNetwork {
  /** The platform payment's `network` and the chain's network passphrase. */
  passphrase: string;
  horizon: string;
}

export const PiNetworks = {
  testnet: { passphrase: 'Pi Testnet', horizon: 'https://api.testnet.minepi.com' },
  mainnet: { passphrase: 'Pi Network', horizon: 'https://api.mainnet.minepi.com' },
} as const satisfies Record<string, PiNetwork>;

/** How long a signed payout may be taken by the chain (Pi's own SDK gives 180 s). */
export const payoutTimeBoundsSeconds = 180;

/** The network a platform payment lives on, by its `network` field; anything unknown is refused, never guessed. */
export function networkOf(paymentNetwork: string): PiNetwork | null {
  if (paymentNetwork === PiNetworks.mainnet.passphrase) return PiNetworks.mainnet;
  if (paymentNetwork === PiNetworks.testnet.passphrase) return PiNetworks.testnet;
  return null;
}

export class WalletSeedError extends Error {}

/** Checks PI_WALLET_SEED at start. The message names the variable, never its value. */
export function validateWalletSeed(seed: string | null | undefined): string | null {
  if (seed === undefined || seed === null || seed.trim() === '') return null;
  const trimmed = seed.trim();
  if (!StrKey.isValidEd25519SecretSeed(trimmed)) throw new WalletSeedError('PI_WALLET_SEED is not a valid secret seed (S…, 56 characters)');
  return trimmed;
}

/** The sandbox's app wallet seed: fixed, so the sandbox Horizon knows its account from the first start. */
export const sandboxWalletSeed: string = Keypair.fromRawEd25519Seed(crypto.createHash('sha256').update('coin-mall sandbox app wallet').digest()).secret();

export function publicAddressOf(seed: string): string {
  return Keypair.fromSecret(seed).publicKey();
}

export interface PayoutOrder {
  /** The platform's payment id: the transaction's memo. */
  identifier: string;
  to_address: string;
  /** Decimal string with at most 7 decimals (the chain's own unit). */
  amount: string;
  network: string;
  /** The platform's word on which wallet pays (its `from_address`): when given, it must be this app wallet's. */
  from_address?: string;
}

export interface SignedPayout {
  envelope: string;
  /** The transaction hash: the txid the chain will know it by. */
  hash: string;
  source: string;
  sequence: string;
  network: string;
  maxTime: Date;
}

export type SubmitOutcome =
  | { kind: 'accepted'; hash: string }
  /** No answer that says what happened (time-out, 5xx): the same envelope is submitted again later. */
  | { kind: 'unknown'; detail: string }
  | { kind: 'refused'; transaction: string; operations: string[] };

export interface ChainTransaction {
  hash: string;
  successful: boolean;
  memo: string | null;
  createdAt: string;
}

export interface PayoutChain {
  /** The app wallet's public address, or null when no seed is configured (payouts then wait). */
  readonly appAddress: string | null;
  sign(order: PayoutOrder, now: number): Promise<SignedPayout>;
  submit(network: string, envelope: string): Promise<SubmitOutcome>;
  /** The transaction with this hash, or null when the chain does not have it. */
  transaction(network: string, hash: string): Promise<ChainTransaction | null>;
  /** The app account's transactions with this text memo, newest first, looking back to `since` (ms). */
  memoTransactions(network: string, memo: string, since: number): Promise<ChainTransaction[]>;
  /** The app wallet's native balance, in units of 10^-7. */
  balance(network: string): Promise<bigint>;
  /** Whether the app wallet's account exists on that network (a seed whose account was never created cannot pay). */
  accountExists(network: string): Promise<boolean>;
}

export class ChainUnavailable extends Error {}

/** The platform pays a payment from another wallet than this seed's: signing it would move nothing. */
export class WalletMismatch extends ChainUnavailable {}

interface TransactionRecord {
  hash: string;
  successful: boolean;
  memo?: string;
  memo_type: string;
  created_at: string;
}

const pageSize = 100;
const pagesAtMost = 20;

function toChainTransaction(r: TransactionRecord): ChainTransaction {
  return { hash: r.hash, successful: r.successful, memo: r.memo_type === 'text' ? (r.memo ?? null) : null, createdAt: r.created_at };
}

/** "12.5000000" → 125000000n; the chain's amounts have the product's 7 decimals. */
function units(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 10_000_000n + BigInt((fraction + '0000000').slice(0, 7));
}

/** The HTTP status of an error the SDK threw, when Horizon answered one. */
function statusOf(error: unknown): number | null {
  if (error instanceof BadResponseError || error instanceof NetworkError || error instanceof NotFoundError) return error.getResponse().status ?? null;
  const response = (error as { response?: { status?: unknown } } | null)?.response;
  return typeof response?.status === 'number' ? response.status : null;
}

/**
 * `horizonUrl(network)`: where that network's Horizon answers (PI_HORIZON_URL overrides both; in
 * sandbox mode the server's own /sandbox/horizon).
 *
 * Every request to Horizon is bounded by `timeoutMs` (HORIZON_TIMEOUT_MS), answer included: the SDK's own
 * options have no time-out (and submitTransaction asks for 60 s), so each request gets its own abort signal,
 * and each call is raced against the same deadline besides. A failed request (no answer in time, a connection
 * refused or reset, a 5xx, a refusal) is logged once and counted; a 404 where "not there" is an answer is not.
 */
export function createPayoutChain(options: { seed: string | null; horizonUrl: (network: PiNetwork) => string; timeoutMs?: number }): PayoutChain {
  const keypair = options.seed ? Keypair.fromSecret(options.seed) : null;
  const appAddress = keypair?.publicKey() ?? null;
  const servers = new Map<string, Horizon.Server>();
  const timeoutMs = options.timeoutMs ?? defaultOutsideTimeouts.horizonMs;

  function serverFor(paymentNetwork: string): { server: Horizon.Server; network: PiNetwork } {
    const network = networkOf(paymentNetwork);
    if (!network) throw new ChainUnavailable(`unknown network "${paymentNetwork}"`);
    const url = options.horizonUrl(network);
    let server = servers.get(url);
    if (!server) {
      server = new Horizon.Server(url, { allowHttp: url.startsWith('http://') });
      server.httpClient.interceptors.request.use((request) => {
        const bounded: typeof request & { signal?: AbortSignal } = { ...request, timeout: timeoutMs, signal: AbortSignal.timeout(timeoutMs) };
        return bounded;
      });
      servers.set(url, server);
    }
    return { server, network };
  }

  /** One request to Horizon: bounded, and logged and counted when it fails (`answers`: statuses that are an answer, not a failure). */
  async function horizon<T>(call: string, request: () => Promise<T>, answers: number[] = []): Promise<T> {
    const started = performance.now();
    try {
      return await withDeadline(request(), timeoutMs, `horizon ${call}`);
    } catch (error) {
      const status = statusOf(error);
      if (status !== null && answers.includes(status)) throw error;
      const ms = performance.now() - started;
      const kind = status !== null ? kindOfStatus(status) : ms >= timeoutMs - 50 || /cancel/i.test(String((error as Error).name) + String((error as Error).message)) ? 'timeout' : kindOfError(error);
      outsideFailed('horizon', call, kind, { ms, ...(status === null ? { detail: (error as Error).message } : { status }) });
      throw error;
    }
  }

  function requireWallet(): { keypair: Keypair; address: string } {
    if (!keypair || !appAddress) throw new ChainUnavailable('no app wallet seed (PI_WALLET_SEED)');
    return { keypair, address: appAddress };
  }

  return {
    appAddress,

    async sign(order, now) {
      const wallet = requireWallet();
      if (order.from_address && order.from_address !== wallet.address) {
        log.error({ payment: order.identifier, platformFrom: order.from_address, appWallet: wallet.address }, 'payout not signed: the platform pays it from another wallet than PI_WALLET_SEED\'s');
        throw new WalletMismatch(`the platform pays from ${order.from_address}, PI_WALLET_SEED is ${wallet.address}`);
      }
      const { server, network } = serverFor(order.network);
      const account = await horizon('loadAccount', () => server.loadAccount(wallet.address));
      const fee = await horizon('fetchBaseFee', () => server.fetchBaseFee());
      const maxTime = Math.floor(now / 1000) + payoutTimeBoundsSeconds;
      const tx = new TransactionBuilder(account, { fee: String(fee), networkPassphrase: network.passphrase, timebounds: { minTime: 0, maxTime } })
        .addOperation(Operation.payment({ destination: order.to_address, asset: Asset.native(), amount: order.amount }))
        .addMemo(Memo.text(order.identifier))
        .build();
      tx.sign(wallet.keypair);
      return {
        envelope: tx.toEnvelope().toXDR('base64'),
        hash: Buffer.from(tx.hash()).toString('hex'),
        source: wallet.address,
        sequence: tx.sequence,
        network: network.passphrase,
        maxTime: new Date(maxTime * 1000),
      };
    },

    async submit(paymentNetwork, envelope) {
      const { server, network } = serverFor(paymentNetwork);
      const tx = TransactionBuilder.fromXDR(envelope, network.passphrase);
      try {
        const answer = await horizon('submitTransaction', () => server.submitTransaction(tx, { skipMemoRequiredCheck: true }));
        return { kind: 'accepted', hash: answer.hash };
      } catch (error) {
        if (error instanceof TransactionFailedError) {
          const codes = error.getResultCodes();
          return { kind: 'refused', transaction: String(codes.transaction), operations: codes.operations.map(String) };
        }
        if (error instanceof BadResponseError || error instanceof NetworkError) {
          const status = error.getResponse().status ?? 0;
          if (status >= 400 && status < 500 && status !== 408 && status !== 429) return { kind: 'refused', transaction: `http_${status}`, operations: [] };
          return { kind: 'unknown', detail: `horizon ${status}` };
        }
        return { kind: 'unknown', detail: 'unreachable' };
      }
    },

    async transaction(paymentNetwork, hash) {
      const { server } = serverFor(paymentNetwork);
      try {
        const record = (await horizon('transaction', () => server.transactions().transaction(hash).call(), [404])) as unknown as TransactionRecord;
        return toChainTransaction(record);
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },

    async memoTransactions(paymentNetwork, memo, since) {
      const wallet = requireWallet();
      const { server } = serverFor(paymentNetwork);
      const found: ChainTransaction[] = [];
      let page: Horizon.ServerApi.CollectionPage<Horizon.ServerApi.TransactionRecord>;
      try {
        page = await horizon('memoTransactions', () => server.transactions().forAccount(wallet.address).order('desc').limit(pageSize).call(), [404]);
      } catch (error) {
        if (error instanceof NotFoundError) return [];
        throw error;
      }
      for (let pages = 0; pages < pagesAtMost; pages += 1) {
        const records = page.records as unknown as TransactionRecord[];
        for (const r of records) if (r.memo_type === 'text' && r.memo === memo) found.push(toChainTransaction(r));
        const oldest = records.at(-1);
        if (records.length < pageSize || !oldest || Date.parse(oldest.created_at) < since) break;
        const current = page;
        page = await horizon('memoTransactions', () => current.next());
      }
      return found;
    },

    async balance(paymentNetwork) {
      const wallet = requireWallet();
      const { server } = serverFor(paymentNetwork);
      const account = await horizon('loadAccount', () => server.loadAccount(wallet.address));
      const native = account.balances.find((b) => b.asset_type === 'native');
      return native ? units(native.balance) : 0n;
    },

    async accountExists(paymentNetwork) {
      const wallet = requireWallet();
      const { server } = serverFor(paymentNetwork);
      try {
        await horizon('loadAccount', () => server.loadAccount(wallet.address), [404]);
        return true;
      } catch (error) {
        if (error instanceof NotFoundError) return false;
        throw error;
      }
    },
  };
}

/** The chain a server uses: its configured seed, and Horizon by network unless PI_HORIZON_URL (or the sandbox) says otherwise. */
export function chainOfConfig(config: { piWalletSeed: string | null; piHorizonUrl: string | null; sandbox: boolean; outsideTimeouts?: { horizonMs: number } }, sandboxOrigin: () => string): PayoutChain {
  return createPayoutChain({
    seed: config.piWalletSeed,
    timeoutMs: config.outsideTimeouts?.horizonMs,
    horizonUrl: (network) => config.piHorizonUrl ?? (config.sandbox ? `${sandboxOrigin()}/sandbox/horizon` : network.horizon),
  });
}
