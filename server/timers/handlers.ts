import { fireOrderTimer, incomeReleaseTimerKind, orderTimerKind } from '../services/orders';
import { fireIncomeRelease } from '../services/pendingIncome';
import { afterSaleTimerKind, fireAfterSaleTimer } from '../services/afterSales';
import { fireProductTimer } from '../services/catalogue';
import { fireWithdrawalTimer, withdrawalTimerKind } from '../services/withdrawals';
import type { TimerHandler } from './timers';

/**
 * Who fires which kind of timer. Each area that schedules timers adds its handler here (one line),
 * e.g. `order: fireOrderTimer`. The runner in server/start.ts and the tests use this table.
 */
export const timerHandlers: Record<string, TimerHandler> = {
  product: fireProductTimer,
  [orderTimerKind]: fireOrderTimer,
  [incomeReleaseTimerKind]: fireIncomeRelease,
  [afterSaleTimerKind]: fireAfterSaleTimer,
  [withdrawalTimerKind]: fireWithdrawalTimer,
};
