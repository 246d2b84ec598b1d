import { setup } from 'xstate';

/**
 * A WORK ORDER (a ticket, SPEC 3 Work order; issue 15). Its states are the rows of
 * src/domain/customerService.ts workOrderStatusTable; every transition names who may take it.
 *
 *   open      ── STAFF_REPLY (staff) ──────▶ answered
 *   open      ── USER_REPLY (user) ────────▶ open       (the user adds to it)
 *   answered  ── USER_REPLY (user) ────────▶ open       (back in the staff queue)
 *   answered  ── STAFF_REPLY (staff) ──────▶ answered
 *   open, answered ── CLOSE (user or staff) ▶ closed    (final: a new problem is a new work order)
 *
 * The replies themselves are rows beside the record; the chart only decides whether one may be
 * added now and what the status becomes.
 */
export type WorkOrderEvent = { type: 'USER_REPLY' } | { type: 'STAFF_REPLY' } | { type: 'CLOSE' };

export const workOrderMachine = setup({
  types: { events: {} as WorkOrderEvent },
}).createMachine({
  id: 'workOrder',
  initial: 'open',
  states: {
    open: {
      on: {
        STAFF_REPLY: { target: 'answered', meta: { by: 'staff' } },
        USER_REPLY: { target: 'open', reenter: false, meta: { by: 'user' } },
        CLOSE: { target: 'closed', meta: { by: ['user', 'staff'] } },
      },
    },
    answered: {
      on: {
        USER_REPLY: { target: 'open', meta: { by: 'user' } },
        STAFF_REPLY: { target: 'answered', reenter: false, meta: { by: 'staff' } },
        CLOSE: { target: 'closed', meta: { by: ['user', 'staff'] } },
      },
    },
    closed: { type: 'final' },
  },
});
