import crypto from 'node:crypto';
import { sql } from 'kysely';
import { ChatLimits, ChatTimings } from '../../src/domain/customerService';
import { formatMoney } from '../../src/domain/money';
import { variantLabel } from '../../src/domain/variants';
import type { OpenConversationInput, SendMessageInput } from '../../src/domain/schemas/customerService';
import type { ConversationView, MessageView, SubjectCard } from '../../src/domain/types/customerService';
import { chatBus, type Delivery } from '../chat/bus';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import { ApiError } from '../http/envelope';
import type { UserRow } from '../http/env';
import { hasRole } from '../http/roles';
import type { Trx } from '../timers/timers';
import { imageSigner, imageUrls, markPrivate, requireOwnImages, type ImageSigner } from './images';
import { trustAfterChatMessage } from './trust';

/**
 * Customer-service chat (issue 15): conversations between a buyer and a seller or the platform,
 * messages stored before they are acknowledged (a client id makes a repeat store one), read
 * pointers for unread counts and receipts, limits against abuse, and the live fan-out.
 */
type Side = 'buyer' | 'counterpart';

export const isStaff = (user: Pick<UserRow, 'roles'>) => hasRole(user.roles, 'arbiter');

interface ConversationRow {
  id: bigint;
  buyer_id: bigint;
  seller_id: bigint | null;
  subject_kind: 'product' | 'store' | 'order' | null;
  subject_id: bigint | null;
  buyer_read_id: bigint;
  counterpart_read_id: bigint;
  last_message_id: bigint;
  updated_at: Date;
}

/** The caller's side of a conversation, or 4004 for anyone who is not in it. */
export function sideIn(conversation: Pick<ConversationRow, 'buyer_id' | 'seller_id'>, user: Pick<UserRow, 'id' | 'roles'>): Side | null {
  if (conversation.buyer_id === user.id) return 'buyer';
  if (conversation.seller_id === user.id) return 'counterpart';
  if (conversation.seller_id === null && isStaff(user)) return 'counterpart';
  return null;
}

export async function conversationOf(db: Db | Trx, id: bigint, user: UserRow): Promise<{ row: ConversationRow; side: Side }> {
  const row = await db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
  const side = row ? sideIn(row, user) : null;
  if (!row || !side) throw new ApiError('notFound');
  return { row, side };
}

/** The subject must be the seller's product, the seller's store, or an order between the two. */
async function checkSubject(db: Db, user: UserRow, sellerId: bigint | null, subject: OpenConversationInput['subject']): Promise<{ kind: NonNullable<ConversationRow['subject_kind']>; id: bigint } | null> {
  if (!subject) return null;
  const id = BigInt(subject.id);
  if (subject.kind === 'product') {
    const p = await db.selectFrom('products').select(['seller_id']).where('id', '=', id).executeTakeFirst();
    if (!p || (sellerId !== null && p.seller_id !== sellerId)) throw new ApiError('notFound');
  } else if (subject.kind === 'store') {
    if (sellerId === null || id !== sellerId) throw new ApiError('invalidField', { field: 'subject.id', detail: 'not this seller' });
  } else {
    const o = await db.selectFrom('orders').select(['buyer_id', 'seller_id']).where('id', '=', id).executeTakeFirst();
    const mine = o && (o.buyer_id === user.id || (sellerId === null && o.seller_id === user.id));
    if (!o || !mine) throw new ApiError('notFound');
    if (sellerId !== null && o.seller_id !== sellerId) throw new ApiError('forbidden');
  }
  return { kind: subject.kind, id };
}

/** Finds or starts the caller's conversation with a seller or the platform; its subject becomes the latest one given. */
export async function openConversation(deps: Deps, user: UserRow, input: OpenConversationInput): Promise<bigint> {
  const { db } = deps;
  let sellerId: bigint | null = null;
  if (input.kind === 'seller') {
    sellerId = BigInt(input.sellerId);
    if (sellerId === user.id) throw new ApiError('invalidField', { field: 'sellerId', detail: 'you cannot chat with yourself' }, null, 'chat.errors.self');
    const seller = await db.selectFrom('users').select('id').where('id', '=', sellerId).executeTakeFirst();
    if (!seller) throw new ApiError('notFound');
  }
  const subject = await checkSubject(db, user, sellerId, input.subject);
  const now = new Date(deps.now());
  const row = await sql<{ id: bigint }>`
    insert into conversations (buyer_id, seller_id, subject_kind, subject_id, created_at, updated_at)
    values (${user.id}, ${sellerId}, ${subject?.kind ?? null}, ${subject?.id ?? null}, ${now}, ${now})
    on conflict (buyer_id, (coalesce(seller_id, 0))) do update
      set subject_kind = coalesce(excluded.subject_kind, conversations.subject_kind),
          subject_id = coalesce(excluded.subject_id, conversations.subject_id)
    returning id`.execute(db);
  const id = row.rows[0]?.id;
  if (id === undefined) throw new ApiError('serverError');
  return id;
}

const messageColumns = ['m.id', 'm.conversation_id', 'm.client_id', 'm.side', 'm.body', 'm.image_id', 'm.created_at', 'u.nickname as sender_name'] as const;

interface MessageRow {
  id: bigint;
  conversation_id: bigint;
  client_id: string;
  side: Side;
  body: string;
  image_id: string | null;
  created_at: Date;
  sender_name: string;
}

function messageView(m: MessageRow, sign: ImageSigner): MessageView {
  return {
    id: m.id.toString(),
    conversationId: m.conversation_id.toString(),
    clientId: m.client_id,
    side: m.side,
    senderName: m.sender_name,
    body: m.body,
    imageUrl: m.image_id ? sign(m.image_id).card : null,
    createdAt: m.created_at.toISOString(),
  };
}

const messagesFrom = (db: Db | Trx) => db.selectFrom('chat_messages as m').innerJoin('users as u', 'u.id', 'm.sender_id').select(messageColumns);

/** Who hears about a conversation's events. */
function audience(row: Pick<ConversationRow, 'buyer_id' | 'seller_id'>): Pick<Delivery, 'userIds' | 'platform'> {
  return { userIds: [row.buyer_id.toString(), ...(row.seller_id ? [row.seller_id.toString()] : [])], platform: row.seller_id === null };
}

/** Serialises message inserts so ids become visible in the order they were given (see the migration). */
const messageLock = 15_015;

/**
 * Stores a message, then acknowledges it. A repeat with the same client id answers the stored one.
 * Refused: a stranger (4004), a buyer the seller blocked (4003), more than the per-minute limit (4029).
 */
export async function sendMessage(deps: Deps, user: UserRow, input: SendMessageInput): Promise<MessageView> {
  const { db } = deps;
  const { row, side } = await conversationOf(db, BigInt(input.conversationId), user);
  const existing = await messagesFrom(db).where('m.sender_id', '=', user.id).where('m.client_id', '=', input.clientId).executeTakeFirst();
  if (existing) {
    if (existing.conversation_id !== row.id) throw new ApiError('invalidField', { field: 'clientId', detail: 'already used for another conversation' });
    return messageView(existing, await imageSigner(deps));
  }
  if (side === 'buyer' && row.seller_id !== null) {
    const blocked = await db.selectFrom('seller_blocks').select('user_id').where('seller_id', '=', row.seller_id).where('user_id', '=', user.id).executeTakeFirst();
    if (blocked) throw new ApiError('forbidden', {}, null, 'chat.errors.blocked');
  }
  if (input.imageId) await requireOwnImages(db, user.id, [input.imageId], { field: 'imageId', message: 'messages.uploadFailed', code: 'notFound' });
  const now = deps.now();
  const bus = chatBus(deps);
  const sign = await imageSigner(deps);
  const result = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${messageLock})`.execute(trx);
    const recent = await trx
      .selectFrom('chat_messages')
      .select(sql<number>`count(*)::int4`.as('n'))
      .where('sender_id', '=', user.id)
      .where('created_at', '>', new Date(now - ChatTimings.rateWindow))
      .executeTakeFirstOrThrow();
    if (recent.n >= ChatLimits.messagesPerMinute) {
      throw new ApiError('tooManyRequests', { seconds: String(ChatTimings.rateWindow / 1000) }, { retryAfterSeconds: ChatTimings.rateWindow / 1000 }, 'chat.errors.tooFast');
    }
    const inserted = await trx
      .insertInto('chat_messages')
      .values({ conversation_id: row.id, sender_id: user.id, side, client_id: input.clientId, body: input.body, image_id: input.imageId ?? null, created_at: new Date(now) })
      .onConflict((oc) => oc.columns(['sender_id', 'client_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted && input.imageId) await markPrivate(trx, [input.imageId]);
    if (!inserted) return { message: await messagesFrom(trx).where('m.sender_id', '=', user.id).where('m.client_id', '=', input.clientId).executeTakeFirstOrThrow(), fresh: false };
    await trx
      .updateTable('conversations')
      .set({ last_message_id: inserted.id, updated_at: new Date(now), ...(side === 'buyer' ? { buyer_read_id: inserted.id } : { counterpart_read_id: inserted.id }) })
      .where('id', '=', row.id)
      .execute();
    await trustAfterChatMessage(trx, row, user.id, inserted.id, now);
    const message = await messagesFrom(trx).where('m.id', '=', inserted.id).executeTakeFirstOrThrow();
    const delivery: Delivery = { ...audience(row), id: message.id.toString(), event: { type: 'message', message: messageView(message, sign) } };
    await bus.inTransaction(trx, delivery);
    return { message, fresh: true, delivery };
  });
  if (result.delivery) bus.afterCommit(result.delivery);
  return messageView(result.message, sign);
}

/** Moves the caller's read pointer forward (never back) and tells the other side (a read receipt). */
export async function markRead(deps: Deps, user: UserRow, conversationId: bigint, upTo: bigint): Promise<void> {
  const { db } = deps;
  const { row, side } = await conversationOf(db, conversationId, user);
  const target = upTo > row.last_message_id ? row.last_message_id : upTo;
  const current = side === 'buyer' ? row.buyer_read_id : row.counterpart_read_id;
  if (target <= current) return;
  await db
    .updateTable('conversations')
    .set(side === 'buyer' ? { buyer_read_id: sql<bigint>`greatest(buyer_read_id, ${target})` } : { counterpart_read_id: sql<bigint>`greatest(counterpart_read_id, ${target})` })
    .where('id', '=', row.id)
    .execute();
  const delivery: Delivery = { ...audience(row), id: null, event: { type: 'read', conversationId: row.id.toString(), side, upTo: target.toString() } };
  const bus = chatBus(deps);
  await db.transaction().execute((trx) => bus.inTransaction(trx, delivery));
  bus.afterCommit(delivery);
}

/** Messages of a conversation, newest page first (ascending within the page). */
export async function messagePage(deps: Pick<Deps, 'db' | 'now' | 'config'>, conversationId: bigint, before: bigint | null): Promise<MessageView[]> {
  const { db } = deps;
  const sign = await imageSigner(deps);
  let q = messagesFrom(db).where('m.conversation_id', '=', conversationId);
  if (before !== null) q = q.where('m.id', '<', before);
  const rows = await q.orderBy('m.id', 'desc').limit(ChatLimits.pageSize).execute();
  return rows.reverse().map((m) => messageView(m, sign));
}

/** What a reconnecting stream missed: the caller's messages stored after `afterId`, in order. */
export async function replayAfter(deps: Pick<Deps, 'db' | 'now' | 'config'>, user: UserRow, afterId: bigint): Promise<MessageView[]> {
  const { db } = deps;
  const sign = await imageSigner(deps);
  const staff = isStaff(user);
  const rows = await messagesFrom(db)
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .where('m.id', '>', afterId)
    .where((eb) => eb.or([eb('c.buyer_id', '=', user.id), eb('c.seller_id', '=', user.id), ...(staff ? [eb('c.seller_id', 'is', null)] : [])]))
    .orderBy('m.id', 'asc')
    .limit(ChatLimits.replayMax)
    .execute();
  return rows.map((m) => messageView(m, sign));
}

/** Whether a delivery is for this user's stream. */
export function deliveryIsFor(delivery: Delivery, user: Pick<UserRow, 'id' | 'roles'>): boolean {
  return delivery.userIds.includes(user.id.toString()) || (delivery.platform && isStaff(user));
}

/** Unread messages for the caller (as buyer and as seller), counted in the database: the account tab's badge adds it. */
export async function unreadTotal(db: Db, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('chat_messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(sql<number>`count(*)::int4`.as('n'))
    .where((eb) =>
      eb.or([
        eb.and([eb('c.buyer_id', '=', userId), eb('m.side', '=', 'counterpart'), eb('m.id', '>', eb.ref('c.buyer_read_id'))]),
        eb.and([eb('c.seller_id', '=', userId), eb('m.side', '=', 'buyer'), eb('m.id', '>', eb.ref('c.counterpart_read_id'))]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return row.n;
}

async function subjectCards(db: Db, rows: ConversationRow[]): Promise<Map<string, SubjectCard>> {
  const cards = new Map<string, SubjectCard>();
  const ids = (kind: string) => rows.filter((r) => r.subject_kind === kind && r.subject_id !== null).map((r) => r.subject_id as bigint);
  const productIds = ids('product');
  if (productIds.length) {
    const products = await db
      .selectFrom('products as p')
      .select(['p.id', 'p.title', 'p.price', 'p.cover_image_id as image_id'])
      .where('p.id', 'in', productIds)
      .execute();
    for (const p of products) cards.set(`product:${p.id}`, { kind: 'product', id: p.id.toString(), title: p.title, amount: formatMoney(p.price), imageUrl: p.image_id ? imageUrls(p.image_id).card : null, orderNo: null, line: null, moreLines: 0 });
  }
  const storeIds = ids('store');
  if (storeIds.length) {
    const sellers = await db.selectFrom('users').select(['id', 'nickname', 'head_portrait']).where('id', 'in', storeIds).execute();
    for (const s of sellers) cards.set(`store:${s.id}`, { kind: 'store', id: s.id.toString(), title: s.nickname, amount: null, imageUrl: s.head_portrait, orderNo: null, line: null, moreLines: 0 });
  }
  const orderIds = ids('order');
  if (orderIds.length) {
    // An order's card (issue 37, finding 5): its first line's product cover at the catalogue's card size, name,
    // variant × quantity and unit price, the total, and how many other lines it has.
    const orders = await db
      .selectFrom('orders as o')
      .leftJoinLateral(
        (eb) => eb.selectFrom('order_items as i').leftJoin('products as p', 'p.id', 'i.product_id').select(['i.title', 'i.specification', 'i.colour', 'i.quantity', 'i.unit_price', 'p.cover_image_id']).whereRef('i.order_id', '=', 'o.id').orderBy('i.id').limit(1).as('first'),
        (join) => join.onTrue(),
      )
      .select(['o.id', 'o.order_no', 'o.total_amount', 'first.title', 'first.specification', 'first.colour', 'first.quantity', 'first.unit_price', 'first.cover_image_id', sql<number>`(select count(*)::int4 from order_items n where n.order_id = o.id)`.as('lines')])
      .where('o.id', 'in', orderIds)
      .execute();
    for (const o of orders) {
      cards.set(`order:${o.id}`, {
        kind: 'order',
        id: o.id.toString(),
        title: o.title ?? '',
        amount: formatMoney(o.total_amount),
        imageUrl: o.cover_image_id ? imageUrls(o.cover_image_id).card : null,
        orderNo: o.order_no,
        line: o.quantity !== null ? { variant: variantLabel({ specification: o.specification, colour: o.colour }), quantity: o.quantity, unitPrice: formatMoney(BigInt(o.unit_price ?? 0n)) } : null,
        moreLines: Math.max(0, o.lines - 1),
      });
    }
  }
  return cards;
}

export interface ConversationFilter {
  ids?: bigint[];
  /** The platform desk: conversations with customer service, those waiting for an answer first. */
  platformDesk?: boolean;
}

/** The caller's conversations (or the desk's), newest first, with the other side, last message and unread count. */
export async function conversationViews(deps: Pick<Deps, 'db' | 'now' | 'config'>, user: UserRow, filter: ConversationFilter = {}): Promise<ConversationView[]> {
  const { db } = deps;
  const sign = await imageSigner(deps);
  let q = db
    .selectFrom('conversations as c')
    .innerJoin('users as b', 'b.id', 'c.buyer_id')
    .leftJoin('users as s', 's.id', 'c.seller_id')
    .selectAll('c')
    .select(['b.nickname as buyer_name', 'b.head_portrait as buyer_avatar', 's.nickname as seller_name', 's.head_portrait as seller_avatar']);
  if (filter.ids) q = q.where('c.id', 'in', filter.ids.length ? filter.ids : [0n]);
  else if (filter.platformDesk) q = q.where('c.seller_id', 'is', null).where('c.last_message_id', '>', 0n);
  else q = q.where((eb) => eb.or([eb('c.buyer_id', '=', user.id), eb('c.seller_id', '=', user.id)]));
  const rows = await q.orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc').limit(100).execute();
  const visible = rows.filter((r) => sideIn(r, user) !== null);
  if (visible.length === 0) return [];
  const lastIds = visible.map((r) => r.last_message_id).filter((id) => id > 0n);
  const lasts = lastIds.length ? await messagesFrom(db).where('m.id', 'in', lastIds).execute() : [];
  const counts = await db
    .selectFrom('chat_messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.conversation_id', 'm.side', sql<number>`count(*)::int4`.as('n')])
    .where('m.conversation_id', 'in', visible.map((r) => r.id))
    .where((eb) => eb.or([eb.and([eb('m.side', '=', 'counterpart'), eb('m.id', '>', eb.ref('c.buyer_read_id'))]), eb.and([eb('m.side', '=', 'buyer'), eb('m.id', '>', eb.ref('c.counterpart_read_id'))])]))
    .groupBy(['m.conversation_id', 'm.side'])
    .execute();
  const cards = await subjectCards(db, visible);
  const views = visible.map((r): ConversationView => {
    const mySide = sideIn(r, user) as Side;
    const last = lasts.find((m) => m.id === r.last_message_id);
    const unread = counts.find((n) => n.conversation_id === r.id && n.side !== mySide)?.n ?? 0;
    const platform = r.seller_id === null;
    const otherName = mySide === 'buyer' ? (platform ? '' : r.seller_name ?? '') : r.buyer_name;
    return {
      id: r.id.toString(),
      kind: platform ? 'platform' : 'seller',
      mySide,
      otherName,
      otherAvatar: mySide === 'buyer' ? r.seller_avatar : r.buyer_avatar,
      buyerId: r.buyer_id.toString(),
      sellerId: r.seller_id?.toString() ?? null,
      subject: r.subject_kind && r.subject_id !== null ? cards.get(`${r.subject_kind}:${r.subject_id}`) ?? null : null,
      lastMessage: last ? messageView(last, sign) : null,
      unread,
      otherReadUpTo: (mySide === 'buyer' ? r.counterpart_read_id : r.buyer_read_id).toString(),
      updatedAt: r.updated_at.toISOString(),
    };
  });
  // The desk answers those waiting first: the last word was the buyer's, oldest first.
  if (filter.platformDesk) views.sort((a, b) => Number(b.lastMessage?.side === 'buyer') - Number(a.lastMessage?.side === 'buyer') || (a.updatedAt < b.updatedAt ? -1 : 1));
  return views;
}

// ---------------------------------------------------------------- stream tickets

/** A one-time key for opening the stream, good for 30 s; only its hash is stored. */
export async function issueStreamTicket(deps: Deps, userId: bigint): Promise<string> {
  const ticket = crypto.randomBytes(24).toString('base64url');
  const hash = crypto.createHash('sha256').update(ticket).digest('hex');
  const now = deps.now();
  await deps.db.deleteFrom('chat_stream_tickets').where('expires_at', '<', new Date(now - ChatTimings.streamTicketLifetime)).execute();
  await deps.db.insertInto('chat_stream_tickets').values({ ticket: hash, user_id: userId, expires_at: new Date(now + ChatTimings.streamTicketLifetime), used_at: null }).execute();
  return ticket;
}

/** Spends a ticket: the user it was issued to, or null (unknown, used, expired, or the user is frozen). */
export async function spendStreamTicket(deps: Deps, ticket: string): Promise<UserRow | null> {
  const hash = crypto.createHash('sha256').update(ticket).digest('hex');
  const now = new Date(deps.now());
  const spent = await deps.db
    .updateTable('chat_stream_tickets')
    .set({ used_at: now })
    .where('ticket', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (!spent) return null;
  const user = await deps.db.selectFrom('users').selectAll().where('id', '=', spent.user_id).executeTakeFirst();
  return user && !user.frozen ? user : null;
}
