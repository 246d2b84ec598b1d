import type { Db } from '../db/database';
import type { ReplayChart } from '../../src/domain/schemas/chartHistory';
import type { ChartHistory, ReplayStep } from '../../src/domain/types/chartHistory';

/**
 * The recorded history of one record on its chart, for the gallery's replay (issue 26). Every status
 * change of an order, after-sale case or withdrawal writes one row of its *_events table in the same
 * database transaction as the change (services/orders.ts recordOrderEvent, afterSales.ts recordCaseEvent,
 * withdrawals.ts), so the rows are the steps the record took through its chart. Null: no such record.
 */
export async function chartHistory(db: Db, chart: ReplayChart, id: bigint): Promise<ChartHistory | null> {
  const answer = (current: string, steps: ReplayStep[]): ChartHistory => ({ chart, id: id.toString(), start: steps[0]?.from ?? current, current, steps });
  const at = (d: Date) => d.toISOString();
  if (chart === 'order') {
    const row = await db.selectFrom('orders').select('stage').where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const rows = await db.selectFrom('order_events').select(['event', 'party', 'from_stage', 'to_stage', 'created_at']).where('order_id', '=', id).orderBy('id').execute();
    return answer(row.stage, rows.map((r) => ({ event: r.event, party: r.party, from: r.from_stage, to: r.to_stage, at: at(r.created_at) })));
  }
  if (chart === 'afterSale') {
    const row = await db.selectFrom('after_sales').select('status').where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const rows = await db.selectFrom('after_sale_events').select(['event', 'party', 'from_status', 'to_status', 'created_at']).where('case_id', '=', id).orderBy('id').execute();
    return answer(row.status, rows.map((r) => ({ event: r.event, party: r.party, from: r.from_status, to: r.to_status, at: at(r.created_at) })));
  }
  const row = await db.selectFrom('withdrawals').select('stage').where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const rows = await db.selectFrom('withdrawal_events').select(['event', 'party', 'from_stage', 'to_stage', 'created_at']).where('withdrawal_id', '=', id).orderBy('id').execute();
  return answer(row.stage, rows.map((r) => ({ event: r.event, party: r.party, from: r.from_stage, to: r.to_stage, at: at(r.created_at) })));
}
