import type { Driver } from '../support/apiWalk';
import type { World } from '../support/world';
import { afterSaleDriver } from './afterSale';
import { orderDriver } from './order';
import { productDriver } from './product';
import { withdrawalDriver } from './withdrawal';
import { workOrderDriver } from './workOrder';

/** The API walks' driver of each server chart, by the chart's id (the shortest-path walks take all, the random walks some). */
export const driversByChart = {
  order: (w: World) => orderDriver(w) as Driver<never>,
  afterSale: (w: World) => afterSaleDriver(w) as Driver<never>,
  product: (w: World) => productDriver(w) as Driver<never>,
  workOrder: (w: World) => workOrderDriver(w) as Driver<never>,
  withdrawal: (w: World) => withdrawalDriver(w) as Driver<never>,
} satisfies Record<string, (w: World) => Driver<never>>;

/** `[id, make]` pairs of the named charts, for `describe.each`. */
export function chartDrivers(ids: (keyof typeof driversByChart)[]): [string, (w: World) => Driver<never>][] {
  return ids.map((id) => [id, driversByChart[id]]);
}
