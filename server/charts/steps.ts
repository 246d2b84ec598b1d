import { sql } from 'kysely';
import type { Party } from '../../machines/parties';
import type { ServerChart } from '../../src/domain/chartSteps';
import type { Trx } from '../timers/timers';

export interface ChartStep {
  /** The chart's event, or a timer's delay name (`sellerConfirmWindow`). */
  event: string;
  party: Party;
  from: string;
  to: string;
  at: number;
}

/**
 * Writes one step of a record on its chart, in the step's own transaction (issue 35): every service that
 * applies a server chart calls this once per step it persists. The time the record entered the state it
 * leaves is its previous step's time, read by the same statement through chart_steps_record.
 */
export async function recordChartStep(trx: Trx, chart: ServerChart, recordId: bigint, step: ChartStep): Promise<void> {
  const at = new Date(step.at);
  await sql`insert into chart_steps (chart, record_id, event, party, from_state, to_state, entered_at, created_at)
    values (${chart}, ${recordId}, ${step.event}, ${step.party}, ${step.from}, ${step.to},
      (select s.created_at from chart_steps s where s.chart = ${chart} and s.record_id = ${recordId} order by s.id desc limit 1), ${at})`.execute(trx);
}
