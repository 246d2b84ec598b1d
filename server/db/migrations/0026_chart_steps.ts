import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Every step a server chart takes, of every chart, in one table (issue 35): which chart and record, the
 * event, who took it (buyer, seller, staff, the app's timer, the platform…), from and to, when, and when the
 * record had entered the state it left (so a state's holding time is one subtraction). Written in the step's
 * own transaction (server/charts/steps.ts). The per-chart history tables stay for the replay and their
 * details. Existing histories are copied in, so a database that ran before this migration keeps its past.
 */
const statements = [
  `create table chart_steps (
    id bigint generated always as identity primary key,
    chart text not null,
    record_id bigint not null,
    event text not null,
    party text not null,
    from_state text not null,
    to_state text not null,
    entered_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index chart_steps_record on chart_steps(chart, record_id, id)`,
  `create index chart_steps_created on chart_steps(chart, created_at)`,
];

/** Copies the per-chart histories in, each step with the time its record entered the state it left. */
export const chartStepsBackfill = `insert into chart_steps (chart, record_id, event, party, from_state, to_state, entered_at, created_at)
   select chart, record_id, event, party, from_state, to_state,
          lag(created_at) over (partition by chart, record_id order by created_at, seq), created_at
   from (
     select 'order' as chart, order_id as record_id, event, party, from_stage as from_state, to_stage as to_state, created_at, id as seq from order_events
     union all select 'afterSale', case_id, event, party, from_status, to_status, created_at, id from after_sale_events
     union all select 'withdrawal', withdrawal_id, event, party, from_stage, to_stage, created_at, id from withdrawal_events
     union all select 'kyc', user_id, event, party, from_status, to_status, created_at, id from kyc_events
   ) past
   order by created_at, seq`;

export const chartSteps: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of [...statements, chartStepsBackfill]) await sql.raw(statement).execute(db);
  },
};
