import crypto from 'node:crypto';
import { sql } from 'kysely';
import { orderMachine } from '../../machines/order.machine';
import { CheckoutRules, orderAmounts } from '../../src/domain/checkout';
import { formatMoney, parseMoney } from '../../src/domain/money';
import { deliversTo } from '../../src/domain/delivery';
import type { CheckoutInput } from '../../src/domain/schemas/commerce';
import type { CheckoutAnswer, QuoteView } from '../../src/domain/types/commerce';
import { applyEvent, initial, store } from '../charts/apply';
import { imageUrls } from './images';
import { retriedOnDeadlock } from '../db/retry';
import type { Db } from '../db/database';
import type { Trx } from '../timers/timers';
import type { DeliverySnapshot } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError } from '../http/envelope';
import type { UserRow } from '../http/env';
import { stageOf, UnpaidCancelReason } from '../../src/domain/orderRules';
import { applyOrderEvent, orderCan, orderViews, recordOrderEvent, statusOf, syncOrderTimers } from './orders';

/**
 * Order submission (SPEC 5 Order): the server checks every rule and computes every amount; the stock
 * of each line is reserved by a conditional UPDATE (stock >= quantity) in the same transaction that
 * creates the orders, one order per seller. A resubmitted idempotency key answers the same orders.
 */
export const buyableStatus = 'normal';

interface Line {
  productId: bigint;
  skuId: bigint;
  quantity: number;
}

export interface ResolvedLine extends Line {
  sellerId: bigint;
  sellerName: string;
  title: string;
  specification: string;
  colour: string;
  unitPrice: bigint;
  shippingFee: bigint;
  /** The product's cover picture (thumbnail), for the checkout's lines. */
  image: string | null;
}

export interface AddressRow {
  id: bigint;
  user_id: bigint;
  first_name: string;
  last_name: string;
  phone: string;
  country_id: number;
  province_id: number | null;
  city_id: number | null;
  street: string;
  building_number: string;
  detail: string;
  zip_code: string;
}

/** A region as the address book and an order's delivery write it: country / province / city, the names it has. */
function regionLine(names: (string | null | undefined)[]): string {
  return names.filter(Boolean).join(' / ');
}

export async function regionText(db: Db, address: Pick<AddressRow, 'country_id' | 'province_id' | 'city_id'>): Promise<string> {
  const ids = [address.country_id, address.province_id, address.city_id].filter((n): n is number => typeof n === 'number');
  const rows = await db.selectFrom('regions').select(['id', 'name']).where('id', 'in', ids).execute();
  return regionLine(ids.map((id) => rows.find((r) => r.id === id)?.name));
}

/** Merges repeated lines of one SKU. */
function mergeLines(items: { productId: string; skuId: string; quantity: number }[]): Line[] {
  const merged = new Map<string, Line>();
  for (const item of items) {
    const key = `${item.productId}:${item.skuId}`;
    const seen = merged.get(key);
    if (seen) seen.quantity += item.quantity;
    else merged.set(key, { productId: BigInt(item.productId), skuId: BigInt(item.skuId), quantity: item.quantity });
  }
  const lines = [...merged.values()];
  if (lines.some((l) => l.quantity > CheckoutRules.maxQuantity)) throw new ApiError('invalidField', { field: 'quantity', detail: `at most ${CheckoutRules.maxQuantity}` });
  return lines;
}

/** Checks every line against the rules of SPEC 5 (Order) for this buyer and address; answers the priced lines. */
export async function resolveLines(db: Db, buyer: UserRow, items: { productId: string; skuId: string; quantity: number }[], address: AddressRow | null): Promise<ResolvedLine[]> {
  const lines = mergeLines(items);
  // One statement: each product asked for with its seller, and those of the asked SKUs that are its own (a SKU of
  // another product gives no row, and is refused below as not of this product).
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('users as s', 's.id', 'p.seller_id')
    .leftJoin('product_skus as k', (j) => j.onRef('k.product_id', '=', 'p.id').on('k.id', 'in', lines.map((l) => l.skuId)))
    .select(['p.id', 'p.seller_id', 'p.title', 'p.price', 'p.shipping_fee', 'p.shipping_method', 'p.visible_range', 'p.sale_countries', 'p.status', 'p.cover_image_id', 's.nickname', 's.country_id as seller_country'])
    .select(['k.id as sku_id', 'k.product_id as sku_product_id', 'k.specification', 'k.colour', 'k.stock'])
    .where('p.id', 'in', lines.map((l) => l.productId))
    .execute();
  const skus = rows.flatMap((r) => (r.sku_id === null || r.sku_product_id === null || r.specification === null || r.colour === null || r.stock === null ? [] : [{ id: r.sku_id, product_id: r.sku_product_id, specification: r.specification, colour: r.colour, stock: r.stock }]));
  return lines.map((line) => {
    const product = rows.find((p) => p.id === line.productId);
    if (!product || product.status !== buyableStatus) throw new ApiError('invalidField', { field: 'productId', detail: 'not for sale' }, { productId: line.productId.toString() }, 'commerce.productUnavailable');
    if (product.seller_id === buyer.id) throw new ApiError('forbidden', {}, { productId: line.productId.toString() }, 'messages.ownProductForbidden');
    const sku = skus.find((s) => s.id === line.skuId);
    if (!sku || sku.product_id !== product.id) throw new ApiError('invalidField', { field: 'skuId', detail: 'not of this product' }, { productId: line.productId.toString() }, 'messages.specNotMatchAddress');
    if (address) {
      const offer = { visibleRange: product.visible_range, saleCountries: Array.isArray(product.sale_countries) ? product.sale_countries : [], sellerCountryId: product.seller_country };
      if (!deliversTo(offer, address.country_id)) throw new ApiError('invalidField', { field: 'addressId', detail: 'not deliverable' }, { productId: line.productId.toString() }, 'messages.cannotDeliver');
    }
    if (sku.stock < line.quantity) throw new ApiError('invalidField', { field: 'quantity', detail: 'not enough stock' }, { productId: line.productId.toString(), stock: sku.stock }, 'commerce.outOfStock');
    return {
      ...line,
      sellerId: product.seller_id,
      sellerName: product.nickname,
      title: product.title,
      specification: sku.specification,
      colour: sku.colour,
      unitPrice: product.price,
      shippingFee: product.shipping_method === 'free' ? 0n : product.shipping_fee,
      image: product.cover_image_id ? imageUrls(product.cover_image_id).thumb : null,
    };
  });
}

/** Lines grouped by seller (ascending seller id, so every checkout locks in the same order). */
function bySeller(lines: ResolvedLine[]): ResolvedLine[][] {
  const groups = new Map<bigint, ResolvedLine[]>();
  for (const line of lines) groups.set(line.sellerId, [...(groups.get(line.sellerId) ?? []), line]);
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, g]) => g);
}

/** The caller's live address with its region line (as `regionText` writes it), in one read; 4004 for anyone else's. */
export async function findAddress(db: Db, userId: bigint, id: string): Promise<AddressRow & { region: string }> {
  const name = (column: 'a.country_id' | 'a.province_id' | 'a.city_id') => sql<string | null>`(select r.name from regions r where r.id = ${sql.ref(column)})`;
  const row = await db
    .selectFrom('addresses as a')
    .selectAll('a')
    .select([name('a.country_id').as('country_name'), name('a.province_id').as('province_name'), name('a.city_id').as('city_name')])
    .where('a.id', '=', BigInt(id))
    .where('a.user_id', '=', userId)
    .where('a.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new ApiError('notFound');
  const { country_name, province_name, city_name, ...address } = row;
  return { ...address, region: regionLine([country_name, province_name, city_name]) };
}

export async function quote(db: Db, buyer: UserRow, items: { productId: string; skuId: string; quantity: number }[], addressId: string | null | undefined): Promise<QuoteView> {
  const address = addressId ? await findAddress(db, buyer.id, addressId) : null;
  const lines = await resolveLines(db, buyer, items, address);
  let total = 0n;
  const groups = bySeller(lines).map((group) => {
    const a = orderAmounts(group);
    total += a.total;
    const first = group[0];
    return {
      sellerId: first ? first.sellerId.toString() : '',
      sellerName: first?.sellerName ?? '',
      goods: formatMoney(a.goods),
      shipping: formatMoney(a.shipping),
      total: formatMoney(a.total),
      handlingFee: formatMoney(a.handlingFee),
      lines: group.map((l) => ({ productId: l.productId.toString(), skuId: l.skuId.toString(), title: l.title, specification: l.specification, colour: l.colour, quantity: l.quantity, unitPrice: formatMoney(l.unitPrice), shippingFee: formatMoney(l.shippingFee), image: l.image })),
    };
  });
  return { groups, total: formatMoney(total) };
}

function orderNumber(now: number): string {
  const d = new Date(now);
  const day = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return `CM${day}${crypto.randomInt(0, 1e10).toString().padStart(10, '0')}`;
}

export async function submitCheckout(deps: Deps, buyer: UserRow, input: CheckoutInput): Promise<CheckoutAnswer> {
  if (!input.addressId) throw new ApiError('invalidField', { field: 'addressId', detail: 'required' }, null, 'commerce.addressRequired');
  if (!input.paymentMethod) throw new ApiError('invalidField', { field: 'paymentMethod', detail: 'required' }, null, 'commerce.paymentMethodRequired');
  const { db } = deps;

  // A resubmission answers the orders of the first submission, whatever the rest of the body says.
  const earlier = await db.selectFrom('checkouts').select('id').where('buyer_id', '=', buyer.id).where('idempotency_key', '=', input.idempotencyKey).executeTakeFirst();
  if (earlier) return answerFor(db, earlier.id, buyer.id);

  const { region, ...address } = await findAddress(db, buyer.id, input.addressId);
  const lines = await resolveLines(db, buyer, input.items, address);
  const delivery: DeliverySnapshot = {
    name: `${address.first_name} ${address.last_name}`,
    phone: address.phone,
    countryId: address.country_id,
    region,
    street: address.street,
    buildingNumber: address.building_number,
    detail: address.detail,
    zipCode: address.zip_code,
    email: buyer.email,
  };
  const now = deps.now();

  const checkoutId = await retriedOnDeadlock('checkout', () => db.transaction().execute(async (trx) => {
    // One checkout of a buyer at a time, so two submissions at once cannot each miss the other's unpaid order.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${buyer.id.toString()}`}, 0))`.execute(trx);
    const created = await trx
      .insertInto('checkouts')
      .values({ buyer_id: buyer.id, idempotency_key: input.idempotencyKey, created_at: new Date(now) })
      .onConflict((oc) => oc.columns(['buyer_id', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!created) return null; // a concurrent submission of the same key won: answer its orders
    await replaceUnpaid(trx, buyer.id, lines, now);

    const submitted = applyEvent(orderMachine, initial(orderMachine), { type: 'SUBMIT' }, 'buyer');
    for (const group of bySeller(lines)) {
      const amounts = orderAmounts(group);
      const first = group[0];
      if (!first) continue;
      const order = await trx
        .insertInto('orders')
        .values({
          order_no: orderNumber(now),
          checkout_id: created.id,
          buyer_id: buyer.id,
          seller_id: first.sellerId,
          status: statusOf(submitted.value),
          stage: stageOf(submitted.value),
          chart: JSON.stringify(store(submitted)),
          goods_amount: amounts.goods,
          shipping_amount: amounts.shipping,
          total_amount: amounts.total,
          handling_fee: amounts.handlingFee,
          payment_method: input.paymentMethod ?? null,
          delivery: JSON.stringify(delivery),
          comments: input.comments ?? '',
          created_at: new Date(now),
          expires_at: new Date(now + CheckoutRules.unpaidWindow),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('order_items')
        .values(group.map((l) => ({ order_id: order.id, product_id: l.productId, sku_id: l.skuId, title: l.title, specification: l.specification, colour: l.colour, quantity: l.quantity, unit_price: l.unitPrice, shipping_fee: l.shippingFee })))
        .execute();
      await recordOrderEvent(trx, order.id, { event: 'SUBMIT', party: 'buyer', from: 'atCart', to: stageOf(submitted.value), at: now });
      await syncOrderTimers(trx, order.id, submitted, now, true); // a new order: no timer of it to cancel
    }

    // Ordered from the cart: those lines leave the account's cart with the orders, paid or not (the screen also
    // takes them out when the payment ends; a reload before its save answered brought them back).
    if (input.fromCart) {
      const ordered = lines.map((l) => l.skuId.toString());
      await sql`update carts set items = coalesce((select jsonb_agg(e) from jsonb_array_elements(items) e where not (e->>'skuId' = any(${ordered}::text[]))), '[]'::jsonb),
        updated_at = ${new Date(now)} where user_id = ${buyer.id}`.execute(trx);
    }

    // Reserve: one conditional UPDATE per line, in SKU order, last (so the rows stay locked only until the commit).
    // Not enough stock (or no longer for sale) rolls back everything, orders included.
    for (const line of [...lines].sort((a, b) => (a.skuId < b.skuId ? -1 : a.skuId > b.skuId ? 1 : 0))) {
      const reserved = await trx
        .updateTable('product_skus')
        .set((eb) => ({ stock: eb('stock', '-', line.quantity) }))
        .where('id', '=', line.skuId)
        .where('product_id', '=', line.productId)
        .where('stock', '>=', line.quantity)
        .where(sql<boolean>`exists (select 1 from products p where p.id = product_skus.product_id and p.status = ${buyableStatus})`)
        .returning('id')
        .executeTakeFirst();
      if (!reserved) throw new ApiError('invalidField', { field: 'quantity', detail: 'not enough stock' }, { productId: line.productId.toString() }, 'commerce.outOfStock');
    }

    return created.id;
  }));

  if (checkoutId === null) {
    const again = await db.selectFrom('checkouts').select('id').where('buyer_id', '=', buyer.id).where('idempotency_key', '=', input.idempotencyKey).executeTakeFirstOrThrow();
    return answerFor(db, again.id, buyer.id);
  }
  return answerFor(db, checkoutId, buyer.id);
}

/**
 * One unpaid order for the same goods (issue 22, finding 7). A buyer who abandons a payment and checks
 * the same goods out again would otherwise hold two unpaid orders, and twice the stock, until the first
 * one's unpaid window ends. So, inside the new checkout's transaction and before its stock is reserved,
 * each of the buyer's unpaid orders whose every line is a SKU of the new checkout is cancelled through the
 * order chart (CANCEL by the buyer, reason `replaced`): its stock returns by the chart's own `returnStock`,
 * its timer is cancelled, its history says so. An unpaid order holds no money (nothing was posted to the
 * ledger before PAY), so the ledger is untouched. The orders are locked in id order, as a payment locks them.
 *
 * Left alone: an order that also holds other goods (the new checkout does not cover it), and an order whose
 * coin payment the host already approved (in flight: its coin may still arrive, and it must find its order;
 * if the order expires first, settleCoin credits the coin to the buyer's balance, as before).
 */
async function replaceUnpaid(trx: Trx, buyerId: bigint, lines: ResolvedLine[], now: number): Promise<void> {
  const skuIds = lines.map((l) => l.skuId);
  const candidates = await trx
    .selectFrom('orders as o')
    .select('o.id')
    .where('o.buyer_id', '=', buyerId)
    .where('o.buyer_tab', '=', 'toPay')
    .where((eb) => eb.exists(eb.selectFrom('order_items as i').select('i.id').whereRef('i.order_id', '=', 'o.id').where('i.sku_id', 'in', skuIds)))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('order_items as i').select('i.id').whereRef('i.order_id', '=', 'o.id').where('i.sku_id', 'not in', skuIds))))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('payment_orders as po')
            .innerJoin('payments as p', 'p.id', 'po.payment_ref')
            .select('p.id')
            .whereRef('po.order_id', '=', 'o.id')
            .where('p.status', '=', 'approved'),
        ),
      ),
    )
    .orderBy('o.id')
    .execute();
  for (const { id } of candidates) {
    // Locked and checked again by the chart: a payment or the window that got there first wins.
    const row = await trx.selectFrom('orders').select(['chart']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row || !orderCan(row.chart, { type: 'CANCEL', by: 'buyer', reason: UnpaidCancelReason.replaced })) continue;
    await applyOrderEvent(trx, id, { type: 'CANCEL', by: 'buyer', reason: UnpaidCancelReason.replaced }, 'buyer', now);
  }
}

async function answerFor(db: Db, checkoutId: bigint, buyerId: bigint): Promise<CheckoutAnswer> {
  const orders = await orderViews(db, { checkoutId, buyerId }, buyerId);
  const total = orders.reduce((acc, o) => acc + parseMoney(o.totalAmount), 0n);
  return { checkoutId: checkoutId.toString(), orders, total: formatMoney(total) };
}

