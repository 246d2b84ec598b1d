import { assign, setup } from 'xstate';
import { Durations } from '../src/domain/constants';
import type { ProductStatus } from '../src/domain/types/catalogue';

/**
 * The product lifecycle (SPEC 3 Product status, SPEC 4 Products, SPEC 6 Seller). A seller saves a
 * draft or submits it; platform staff review it (approve, or fail it with a reason the seller sees)
 * and may freeze a listed product. A listed product's state is exactly `normal` (checkout relies on
 * that name). The seller takes it down and relists it, edits it (an edit of a listed product is
 * reviewed again) and deletes it; a deleted product is kept as a backup for the orders that refer
 * to it once the retention window has passed.
 */

export const productStatuses: readonly ProductStatus[] = ['draft', 'reviewing', 'normal', 'reviewFailed', 'frozen', 'takenDown', 'deleted', 'backup'];

export interface ProductChartContext {
  /** The reviewer's reason for a failed review, or staff's reason for a freeze; shown to the seller. */
  reason: string | null;
  /** How many times the product went to review. */
  submissions: number;
}

export type ProductEvent =
  | { type: 'SAVE_DRAFT' }
  | { type: 'SUBMIT' }
  | { type: 'APPROVE' }
  | { type: 'REJECT'; reason: string }
  | { type: 'FREEZE'; reason: string }
  | { type: 'UNFREEZE' }
  | { type: 'TAKE_DOWN' }
  | { type: 'RELIST' }
  | { type: 'EDIT' }
  | { type: 'DELETE' };

export const productMachine = setup({
  types: {
    context: {} as ProductChartContext,
    events: {} as ProductEvent,
  },
  actions: {
    countSubmission: assign({ submissions: ({ context }) => context.submissions + 1, reason: () => null }),
    noteReason: assign({ reason: ({ event }) => ('reason' in event ? event.reason : null) }),
    clearReason: assign({ reason: () => null }),
  },
  delays: {
    deletedRetention: Durations.day * 30,
  },
}).createMachine({
  id: 'product',
  context: { reason: null, submissions: 0 },
  initial: 'draft',
  states: {
    draft: {
      on: {
        SAVE_DRAFT: { target: 'draft', meta: { by: 'seller' } },
        SUBMIT: { target: 'reviewing', actions: 'countSubmission', meta: { by: 'seller' } },
        DELETE: { target: 'deleted', meta: { by: 'seller' } },
      },
    },
    reviewing: {
      on: {
        APPROVE: { target: 'normal', actions: 'clearReason', meta: { by: 'staff' } },
        REJECT: { target: 'reviewFailed', actions: 'noteReason', meta: { by: 'staff' } },
        EDIT: { target: 'reviewing', meta: { by: 'seller' } },
        DELETE: { target: 'deleted', meta: { by: 'seller' } },
      },
    },
    reviewFailed: {
      on: {
        SAVE_DRAFT: { target: 'draft', actions: 'clearReason', meta: { by: 'seller' } },
        SUBMIT: { target: 'reviewing', actions: 'countSubmission', meta: { by: 'seller' } },
        DELETE: { target: 'deleted', meta: { by: 'seller' } },
      },
    },
    normal: {
      on: {
        TAKE_DOWN: { target: 'takenDown', meta: { by: 'seller' } },
        EDIT: { target: 'reviewing', actions: 'countSubmission', meta: { by: 'seller' } },
        FREEZE: { target: 'frozen', actions: 'noteReason', meta: { by: 'staff' } },
        DELETE: { target: 'deleted', meta: { by: 'seller' } },
      },
    },
    takenDown: {
      on: {
        RELIST: { target: 'normal', meta: { by: 'seller' } },
        EDIT: { target: 'reviewing', actions: 'countSubmission', meta: { by: 'seller' } },
        FREEZE: { target: 'frozen', actions: 'noteReason', meta: { by: 'staff' } },
        DELETE: { target: 'deleted', meta: { by: 'seller' } },
      },
    },
    frozen: {
      on: {
        UNFREEZE: { target: 'normal', actions: 'clearReason', meta: { by: 'staff' } },
      },
    },
    deleted: {
      after: {
        deletedRetention: { target: 'backup', meta: { by: 'system' } },
      },
    },
    backup: { type: 'final' },
  },
});
