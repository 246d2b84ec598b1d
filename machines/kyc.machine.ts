import { assign, setup } from 'xstate';

/**
 * KYC KEPT BY THE PRODUCT (issue 27). No Pi API says whether a person passed an identity check, so
 * Coin Mall keeps its own: the person submits identity details, staff verify or reject them with a
 * reason; a rejected person may submit again. Each state is one of the statuses of src/domain/kyc.ts
 * (none = not submitted, pending = under review, passed, rejected). Withdrawals need `passed`.
 *
 *   none       ── SUBMIT (user) ─────────────▶ pending
 *   pending    ── VERIFY (staff) ────────────▶ passed
 *   pending    ── REJECT (staff, reason) ────▶ rejected
 *   rejected   ── SUBMIT (user) ─────────────▶ pending
 *
 * Staff never decide on their own check (the server refuses it: 4003), and a passed check is final
 * here (revoking one is a freeze of the account, another chart).
 */

export interface KycContext {
  rejection: string | null;
}

export type KycEvent = { type: 'SUBMIT' } | { type: 'VERIFY' } | { type: 'REJECT'; reason: string };

export const kycMachine = setup({
  types: {
    context: {} as KycContext,
    events: {} as KycEvent,
  },
  actions: {
    noteRejection: assign({ rejection: ({ event }) => (event.type === 'REJECT' ? event.reason : null) }),
    clearRejection: assign({ rejection: null }),
  },
}).createMachine({
  id: 'kyc',
  initial: 'none',
  context: { rejection: null },
  states: {
    none: {
      on: { SUBMIT: { target: 'pending', meta: { by: 'user' } } },
    },
    pending: {
      on: {
        VERIFY: { target: 'passed', actions: 'clearRejection', meta: { by: 'staff' } },
        REJECT: { target: 'rejected', actions: 'noteRejection', meta: { by: 'staff' } },
      },
    },
    passed: { type: 'final' },
    rejected: {
      on: { SUBMIT: { target: 'pending', actions: 'clearRejection', meta: { by: 'user' } } },
    },
  },
});

/** The stored status of a snapshot value (the chart is flat). */
export function kycStateOf(value: unknown): string {
  return typeof value === 'string' ? value : 'none';
}
