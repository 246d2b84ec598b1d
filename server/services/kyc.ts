import type { AnyMachineSnapshot } from 'xstate';
import { kycMachine, kycStateOf, type KycContext, type KycEvent } from '../../machines/kyc.machine';
import type { Party } from '../../machines/parties';
import { isKycStatus, kycDocumentTypes, type KycDocumentType, type KycStatus } from '../../src/domain/kyc';
import type { SubmitKycInput } from '../../src/domain/schemas/kyc';
import type { KycHistoryLine, KycQueueItem, KycView } from '../../src/domain/types/kyc';
import { allowedEvents } from '../../machines/parties';
import { applyEvent, initial, restore, store } from '../charts/apply';
import { recordChartStep } from '../charts/steps';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import { ApiError } from '../http/envelope';
import type { UserRow } from '../http/env';
import type { Trx } from '../timers/timers';

/**
 * KYC kept by the product (issue 27): a person's identity check changes only through its chart
 * (machines/kyc.machine.ts), row locked, snapshot and history line in one transaction, like a
 * withdrawal. The withdrawal checks read `kyc_records.status` in every mode.
 */

type Conn = Db | Trx;

const statusOf = (value: unknown): KycStatus => {
  const s = kycStateOf(value);
  return isKycStatus(s) ? s : 'none';
};

/** Applies one event to a person's check (the record is created at its first event). */
async function applyKycEvent(trx: Trx, userId: bigint, event: KycEvent, party: Party, byUserId: bigint, now: number, details: Partial<SubmitKycInput> = {}): Promise<AnyMachineSnapshot> {
  await trx
    .insertInto('kyc_records')
    .values({ user_id: userId, status: 'none', chart: JSON.stringify(store(initial(kycMachine))), updated_at: new Date(now) })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await trx.selectFrom('kyc_records').select(['chart', 'status']).where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  const current = restore(kycMachine, row.chart);
  const next = applyEvent(kycMachine, current, event, party);
  const from = statusOf(current.value);
  const to = statusOf(next.value);
  const context = next.context as KycContext;
  await trx
    .updateTable('kyc_records')
    .set({
      status: to,
      chart: JSON.stringify(store(next)),
      rejection: context.rejection,
      updated_at: new Date(now),
      ...(event.type === 'SUBMIT'
        ? { full_name: details.fullName ?? null, birth_date: details.birthDate ?? null, country: details.country ?? null, document_type: details.documentType ?? null, document_number: details.documentNumber ?? null, submitted_at: new Date(now), reviewer_id: null, reviewed_at: null }
        : { reviewer_id: byUserId, reviewed_at: new Date(now) }),
    })
    .where('user_id', '=', userId)
    .execute();
  await trx
    .insertInto('kyc_events')
    .values({ user_id: userId, event: event.type, party, by_user_id: byUserId, from_status: from, to_status: to, note: event.type === 'REJECT' ? event.reason : null, created_at: new Date(now) })
    .execute();
  await recordChartStep(trx, 'kyc', userId, { event: event.type, party, from, to, at: now });
  return next;
}

/** The person submits (or, after a rejection, submits again) their identity details: under review. */
export async function submitKyc(deps: Deps, user: UserRow, input: SubmitKycInput): Promise<KycView> {
  await deps.db.transaction().execute((trx) => applyKycEvent(trx, user.id, { type: 'SUBMIT' }, 'user', user.id, deps.now(), input));
  return kycView(deps.db, user.id);
}

/** Staff verify or reject (with a reason); never their own check. */
export async function reviewKyc(deps: Deps, staff: UserRow, userId: bigint, decision: { decision: 'verify' } | { decision: 'reject'; reason: string }): Promise<KycView> {
  if (userId === staff.id) throw new ApiError('forbidden', { detail: 'ownKyc' }, null, 'kyc.errors.own');
  const exists = await deps.db.selectFrom('kyc_records').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  if (!exists) throw new ApiError('notFound');
  const event: KycEvent = decision.decision === 'verify' ? { type: 'VERIFY' } : { type: 'REJECT', reason: decision.reason };
  await deps.db.transaction().execute((trx) => applyKycEvent(trx, userId, event, 'staff', staff.id, deps.now()));
  return kycView(deps.db, userId);
}

function documentTypeOf(value: string | null): KycDocumentType | null {
  return value !== null && (kycDocumentTypes as readonly string[]).includes(value) ? (value as KycDocumentType) : null;
}

async function historyOf(db: Conn, userIds: bigint[]): Promise<Map<bigint, KycHistoryLine[]>> {
  const out = new Map<bigint, KycHistoryLine[]>();
  if (userIds.length === 0) return out;
  const rows = await db.selectFrom('kyc_events').selectAll().where('user_id', 'in', userIds).orderBy('id').execute();
  for (const r of rows) {
    const list = out.get(r.user_id) ?? [];
    list.push({ event: r.event, by: r.party === 'staff' ? 'staff' : 'user', from: isKycStatus(r.from_status) ? r.from_status : 'none', to: isKycStatus(r.to_status) ? r.to_status : 'none', note: r.note, at: r.created_at.toISOString() });
    out.set(r.user_id, list);
  }
  return out;
}

type RecordRow = { user_id: bigint; status: string; chart: { value: unknown; context: unknown }; full_name: string | null; birth_date: string | null; country: string | null; document_type: string | null; document_number: string | null; rejection: string | null; submitted_at: Date | null; reviewed_at: Date | null };

function toView(r: RecordRow | undefined, history: KycHistoryLine[], reader: 'user' | 'staff'): KycView {
  const snapshot = r ? restore(kycMachine, r.chart) : initial(kycMachine);
  return {
    allowed: allowedEvents(snapshot, reader),
    status: r && isKycStatus(r.status) ? r.status : 'none',
    fullName: r?.full_name ?? null,
    birthDate: r?.birth_date ?? null,
    country: r?.country ?? null,
    documentType: documentTypeOf(r?.document_type ?? null),
    documentNumberEnd: r?.document_number ? r.document_number.slice(-4) : null,
    rejection: r?.rejection ?? null,
    submittedAt: r?.submitted_at?.toISOString() ?? null,
    reviewedAt: r?.reviewed_at?.toISOString() ?? null,
    history,
  };
}

/** The person's own check with its history. */
export async function kycView(db: Conn, userId: bigint): Promise<KycView> {
  const row = await db.selectFrom('kyc_records').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return toView(row, (await historyOf(db, [userId])).get(userId) ?? [], 'user');
}

/** The console's queue: checks under review, oldest first. */
export async function kycQueue(db: Db): Promise<KycQueueItem[]> {
  const rows = await db
    .selectFrom('kyc_records as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .selectAll('k')
    .select('u.username')
    .where('k.status', '=', 'pending')
    .orderBy('k.submitted_at')
    .orderBy('k.user_id')
    .limit(50)
    .execute();
  const history = await historyOf(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => ({ ...toView(r, history.get(r.user_id) ?? [], 'staff'), userId: r.user_id.toString(), username: r.username, documentNumber: r.document_number }));
}

/** Sandbox demo users of each status (server/db/seed.ts): their checks go through the chart like anyone's. */
export async function seedKyc(trx: Trx, userId: bigint, status: KycStatus, name: string): Promise<void> {
  if (status === 'none') return;
  const now = Date.now();
  const details: SubmitKycInput = { fullName: name, birthDate: '1990-01-01', country: 'Demo', documentType: 'passport', documentNumber: `DEMO${userId.toString().padStart(4, '0')}` };
  await applyKycEvent(trx, userId, { type: 'SUBMIT' }, 'user', userId, now, details);
  if (status === 'passed') await applyKycEvent(trx, userId, { type: 'VERIFY' }, 'staff', userId, now);
  if (status === 'rejected') await applyKycEvent(trx, userId, { type: 'REJECT', reason: 'The name does not match the document (demo)' }, 'staff', userId, now);
}
