import { assign, setup } from 'xstate';
import { AfterSaleWindows, isPartialRefund } from '../src/domain/afterSaleRules';
import { isMoneyString, parseMoney } from '../src/domain/money';
import type { AfterSaleKind } from '../src/domain/orderRules';

/**
 * ONE AFTER-SALE CASE, WITH ITS APPEAL (SPEC 3 After-sale, 4 after-sale flow, 5 After-sale, 6 arbiter).
 *
 * A case is opened by the buyer's application (the chart's input) on a received order; the order chart
 * then shows code 12 (afterSalesing) until the case closes. Every state is an after-sale status (its SPEC
 * code is in src/domain/afterSaleStatus.ts), every transition says WHO may take it in `meta.by`, every
 * deadline is a named delay (src/domain/afterSaleRules.ts), and the money is a named effect the server
 * carries out in the same transaction (server/services/afterSales.ts).
 *
 *   applied (0)        ── CANCEL (buyer) ─────────────────────────────▶ cancelled (1)
 *   applied            ── AGREE (seller), refund only ────────────────▶ refunded (4)   (refund paid)
 *   applied            ── AGREE (seller, return address), return ─────▶ agreed (2)
 *   applied            ── REJECT (seller, reason) ────────────────────▶ seller rejected (3)
 *   applied            ── sellerAnswerWindow 24 h (system) ───────────▶ refunded / agreed (deemed agreed)
 *   agreed             ── SHIP_RETURN (buyer, company, number) ───────▶ return shipped (7)
 *   agreed             ── returnShipWindow 7 days (system) ───────────▶ cancelled (closed unshipped)
 *   return shipped     ── CONFIRM_RETURN (seller) ────────────────────▶ refunded       (refund paid)
 *   return shipped     ── returnConfirmWindow 7 days (system) ────────▶ refunded       (refund paid)
 *   seller rejected    ── APPEAL (buyer, statement, evidence) ────────▶ under appeal (6)
 *   seller rejected    ── appealWindow 7 days (system) ───────────────▶ rejected (5)
 *   under appeal       ── DECIDE_FULL (arbiter, reason) ──────────────▶ refunded       (the amount asked)
 *   under appeal       ── DECIDE_PARTIAL (arbiter, amount, reason) ───▶ refunded       (less than asked)
 *   under appeal       ── DECIDE_REJECT (arbiter, reason) ────────────▶ rejected
 *   under appeal       ── arbiterDecisionWindow 72 h (system) ────────▶ (stays; flagged overdue)
 *
 * A return tracking number, once given, cannot be changed: no transition edits it.
 */

export type AfterSaleParty = 'buyer' | 'seller' | 'arbiter' | 'system';

export interface ReturnAddress {
  name: string;
  phone: string;
  region: string;
  detail: string;
}

export interface AfterSaleInput {
  kind: AfterSaleKind;
  /** The refund asked for, a decimal string of the coin, at most what was paid for the order (the server checks). */
  amount: string;
  description: string;
  /** Image ids of the evidence (1 to 4). */
  evidence: string[];
}

export interface AfterSaleContext extends AfterSaleInput {
  returnAddress: ReturnAddress | null;
  rejection: string | null;
  returnShipment: { company: string; number: string } | null;
  appeal: { statement: string; evidence: string[] } | null;
  decision: { outcome: 'full' | 'partial' | 'reject'; amount: string | null; reason: string } | null;
  /** What was refunded, once refunded. */
  refunded: string | null;
  /** Who closed the case without a refund, when it was not the seller's or the arbiter's decision. */
  closedBy: 'buyer' | 'system' | null;
  /** The arbiter's 72 h passed without a decision. */
  overdue: boolean;
}

export type AfterSaleEvent =
  | { type: 'CANCEL' }
  | { type: 'AGREE'; returnAddress: ReturnAddress | null }
  | { type: 'REJECT'; reason: string }
  | { type: 'SHIP_RETURN'; company: string; number: string }
  | { type: 'CONFIRM_RETURN' }
  | { type: 'APPEAL'; statement: string; evidence: string[] }
  | { type: 'DECIDE_FULL'; reason: string }
  | { type: 'DECIDE_PARTIAL'; amount: string; reason: string }
  | { type: 'DECIDE_REJECT'; reason: string };

/** The deadlines (named delays), from src/domain. */
export const afterSaleWindows = AfterSaleWindows;

const sampleInput: AfterSaleInput = { kind: 'refundOnly', amount: '1', description: '', evidence: [] };

/** The address a deemed agreement sends the buyer: the server adds the seller's default address to the timer event. */
function addressOf(event: { returnAddress?: unknown }): ReturnAddress | null {
  const a = event.returnAddress as ReturnAddress | null | undefined;
  return a && typeof a === 'object' ? a : null;
}

export const afterSaleMachine = setup({
  types: {
    context: {} as AfterSaleContext,
    events: {} as AfterSaleEvent,
    input: {} as AfterSaleInput,
  },
  delays: afterSaleWindows,
  guards: {
    refundOnly: ({ context }) => context.kind === 'refundOnly',
    /**
     * A return needs somewhere to send the goods. (Guards on an event's fields answer "possible in
     * principle" when asked without them, as machines/parties.ts allowedEvents does; the server always
     * sends the whole, schema-checked event.)
     */
    returnWithAddress: ({ context, event }) => context.kind === 'returnAndRefund' && event.type === 'AGREE' && (event.returnAddress === undefined || addressOf(event) !== null),
    /** A partial refund is more than nothing and less than what the buyer asked for. */
    partialAmount: ({ context, event }) => {
      if (event.type !== 'DECIDE_PARTIAL') return false;
      if (event.amount === undefined) return true;
      if (!isMoneyString(event.amount)) return false;
      return isPartialRefund(parseMoney(event.amount), parseMoney(context.amount));
    },
  },
  actions: {
    noteReturnAddress: assign({ returnAddress: ({ event }) => addressOf(event as { returnAddress?: unknown }) }),
    noteRejection: assign({ rejection: ({ event }) => (event.type === 'REJECT' ? event.reason : null) }),
    noteReturnShipment: assign({ returnShipment: ({ event, context }) => (event.type === 'SHIP_RETURN' ? { company: event.company, number: event.number } : context.returnShipment) }),
    noteAppeal: assign({ appeal: ({ event, context }) => (event.type === 'APPEAL' ? { statement: event.statement, evidence: event.evidence } : context.appeal) }),
    noteDecision: assign({
      decision: ({ event, context }) => {
        if (event.type === 'DECIDE_FULL') return { outcome: 'full' as const, amount: context.amount, reason: event.reason };
        if (event.type === 'DECIDE_PARTIAL') return { outcome: 'partial' as const, amount: event.amount, reason: event.reason };
        if (event.type === 'DECIDE_REJECT') return { outcome: 'reject' as const, amount: null, reason: event.reason };
        return context.decision;
      },
    }),
    /** What is refunded: the arbiter's partial amount, otherwise the amount asked. */
    noteRefunded: assign({ refunded: ({ event, context }) => (event.type === 'DECIDE_PARTIAL' ? event.amount : context.amount) }),
    noteClosedByBuyer: assign({ closedBy: () => 'buyer' as const }),
    noteClosedBySystem: assign({ closedBy: () => 'system' as const }),
    flagOverdue: assign({ overdue: () => true }),
    // What the server does in the same transaction (server/services/afterSales.ts).
    refundBuyer: () => {},
    closeCase: () => {},
  },
}).createMachine({
  id: 'afterSale',
  initial: 'applied',
  context: ({ input }) => ({
    ...(input ?? sampleInput),
    returnAddress: null,
    rejection: null,
    returnShipment: null,
    appeal: null,
    decision: null,
    refunded: null,
    closedBy: null,
    overdue: false,
  }),
  states: {
    /** Applied: the seller answers within 24 h. */
    applied: {
      on: {
        CANCEL: { target: 'cancelled', actions: ['noteClosedByBuyer', 'closeCase'], meta: { by: 'buyer' } },
        AGREE: [
          { guard: 'refundOnly', target: 'refunded', actions: ['noteRefunded', 'refundBuyer'], meta: { by: 'seller' } },
          { guard: 'returnWithAddress', target: 'agreed', actions: 'noteReturnAddress', meta: { by: 'seller' } },
        ],
        REJECT: { target: 'sellerRejected', actions: 'noteRejection', meta: { by: 'seller' } },
      },
      after: {
        sellerAnswerWindow: [
          { guard: 'refundOnly', target: 'refunded', actions: ['noteRefunded', 'refundBuyer'], meta: { by: 'system' } },
          { target: 'agreed', actions: 'noteReturnAddress', meta: { by: 'system' } },
        ],
      },
    },

    /** The seller agreed to a return: the buyer ships the goods back within 7 days. */
    agreed: {
      on: {
        SHIP_RETURN: { target: 'returnShipped', actions: 'noteReturnShipment', meta: { by: 'buyer' } },
      },
      after: {
        returnShipWindow: { target: 'cancelled', actions: ['noteClosedBySystem', 'closeCase'], meta: { by: 'system' } },
      },
    },

    /** The goods are on their way back: the seller confirms them within 7 days, or the refund is paid. */
    returnShipped: {
      on: {
        CONFIRM_RETURN: { target: 'refunded', actions: ['noteRefunded', 'refundBuyer'], meta: { by: 'seller' } },
      },
      after: {
        returnConfirmWindow: { target: 'refunded', actions: ['noteRefunded', 'refundBuyer'], meta: { by: 'system' } },
      },
    },

    /** The seller rejected: the buyer may appeal to the platform within 7 days. */
    sellerRejected: {
      on: {
        APPEAL: { target: 'underAppeal', actions: 'noteAppeal', meta: { by: 'buyer' } },
      },
      after: {
        appealWindow: { target: 'rejected', actions: 'closeCase', meta: { by: 'system' } },
      },
    },

    /** The platform arbiter decides; after 72 h the case is flagged overdue in the console. */
    underAppeal: {
      on: {
        DECIDE_FULL: { target: 'refunded', actions: ['noteDecision', 'noteRefunded', 'refundBuyer'], meta: { by: 'arbiter' } },
        DECIDE_PARTIAL: { guard: 'partialAmount', target: 'refunded', actions: ['noteDecision', 'noteRefunded', 'refundBuyer'], meta: { by: 'arbiter' } },
        DECIDE_REJECT: { target: 'rejected', actions: ['noteDecision', 'closeCase'], meta: { by: 'arbiter' } },
      },
      after: {
        arbiterDecisionWindow: { actions: 'flagOverdue', meta: { by: 'system' } },
      },
    },

    cancelled: { type: 'final' },
    refunded: { type: 'final' },
    rejected: { type: 'final' },
  },
});

/** The actions the server carries out (the rest only record into the snapshot). */
export const afterSaleEffects = ['refundBuyer', 'closeCase'] as const;
export type AfterSaleEffect = (typeof afterSaleEffects)[number];

/** Why a guard refused a step, in the product's words (a locale key), or null for the generic sentence. */
export function afterSaleRefusalMessage(guard: string): string | null {
  if (guard === 'refundOnly' || guard === 'returnWithAddress') return 'afterSale.rules.returnAddressRequired';
  if (guard === 'partialAmount') return 'afterSale.rules.partialAmount';
  return null;
}

export function afterSaleStatusOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') return Object.keys(value)[0] ?? 'unknown';
  return 'unknown';
}
