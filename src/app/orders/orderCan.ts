import { orderMachine } from '../../../machines/order.machine';
import { allowedEvents } from '../../../machines/parties';
import type { OrderActionType } from '../../domain/schemas/orders';
import type { OrderView } from '../../domain/types/commerce';

/**
 * What the viewer may do with an order now, asked of the same chart the server applies: the order's
 * snapshot restored, then the transitions naming the viewer's party (buyer or seller). Screens show a
 * button only for these; the server refuses anything else anyway.
 */
export function orderCan(order: Pick<OrderView, 'chart' | 'viewer'>): Set<OrderActionType | string> {
  const snapshot = orderMachine.resolveState({ value: order.chart.value as never, context: order.chart.context as never });
  return new Set(allowedEvents(snapshot, order.viewer));
}
