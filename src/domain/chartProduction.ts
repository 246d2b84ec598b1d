import type { ServerChart } from './chartSteps';

/**
 * The main path of each server chart (issue 35), the funnel of the "In production" view: for orders
 * submitted → paid → confirmed → shipped → received → completed; where the rest went is read from the arrows.
 */
export const mainPaths: Readonly<Record<ServerChart, readonly string[]>> = {
  order: ['unpaid', 'paid', 'notShipped', 'sent', 'unrated', 'completed'],
  afterSale: ['applied', 'agreed', 'returnShipped', 'refunded'],
  withdrawal: ['submitted', 'payingOut', 'awaitingConfirmation', 'success'],
  kyc: ['pending', 'passed'],
  product: ['draft', 'reviewing', 'normal'],
  workOrder: ['open', 'answered', 'closed'],
};

/** A state with no timer is stuck when a record waits in it this many times its 90th-percentile time (and at least an hour). */
export const usualTimeFactor = 3;
export const usualTimeFloorSeconds = 3600;
/** A timer is late when its record still waits this long past the deadline (the runner checks every few seconds). */
export const timerGraceSeconds = 60;
export const productionPageSize = 20;
