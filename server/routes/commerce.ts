import { Hono } from 'hono';
import * as z from 'zod/mini';
import { formatMoney } from '../../src/domain/money';
import {
  addressEditInput,
  addressInput,
  cartSaveInput,
  checkoutInput,
  idInput,
  idString,
  quoteInput,
  type AddressInput,
  type CartLineInput,
} from '../../src/domain/schemas/commerce';
import type { AddressView, CartLineView } from '../../src/domain/types/commerce';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { requireSession } from '../http/session';
import { jsonBody, queryOf } from '../http/validate';
import { buyableStatus, quote, regionText, submitCheckout, type AddressRow } from '../services/checkout';

/**
 * Addresses, the server-side cart, order submission and the buyer's orders (SPEC 3 Address and Order,
 * 5 Cart and Order). Every route needs a session and touches only the caller's records.
 */
async function addressView(db: Db, a: AddressRow & { is_default: boolean }): Promise<AddressView> {
  return {
    id: a.id.toString(),
    firstName: a.first_name,
    lastName: a.last_name,
    phone: a.phone,
    countryId: a.country_id,
    provinceId: a.province_id,
    cityId: a.city_id,
    region: await regionText(db, a),
    street: a.street,
    buildingNumber: a.building_number,
    detail: a.detail,
    zipCode: a.zip_code,
    isDefault: a.is_default,
  };
}

/** The country, province and city must exist and nest. */
async function checkRegions(db: Db, input: AddressInput): Promise<void> {
  const ids = [input.countryId, input.provinceId, input.cityId].filter((n): n is number => typeof n === 'number');
  const rows = await db.selectFrom('regions').select(['id', 'parent_id', 'level']).where('id', 'in', ids).execute();
  const find = (id: number | null | undefined) => (id ? rows.find((r) => r.id === id) : undefined);
  const country = find(input.countryId);
  if (!country || country.parent_id !== null) throw new ApiError('invalidField', { field: 'countryId', detail: 'unknown country' });
  if (input.provinceId && find(input.provinceId)?.parent_id !== input.countryId) throw new ApiError('invalidField', { field: 'provinceId', detail: 'not in this country' });
  if (input.cityId && (!input.provinceId || find(input.cityId)?.parent_id !== input.provinceId)) throw new ApiError('invalidField', { field: 'cityId', detail: 'not in this province' });
}

function addressValues(input: AddressInput) {
  return {
    first_name: input.firstName,
    last_name: input.lastName,
    phone: input.phone,
    country_id: input.countryId,
    province_id: input.provinceId ?? null,
    city_id: input.cityId ?? null,
    street: input.street ?? '',
    building_number: input.buildingNumber ?? '',
    detail: input.detail,
    zip_code: input.zipCode ?? '',
  };
}

async function cartLines(db: Db, items: CartLineInput[]): Promise<CartLineView[]> {
  if (items.length === 0) return [];
  const products = await db
    .selectFrom('products as p')
    .innerJoin('users as s', 's.id', 'p.seller_id')
    .select(['p.id', 'p.title', 'p.price', 'p.shipping_fee', 'p.shipping_method', 'p.status', 'p.seller_id', 's.nickname'])
    .where('p.id', 'in', items.map((i) => BigInt(i.productId)))
    .execute();
  const skus = await db.selectFrom('product_skus').selectAll().where('id', 'in', items.map((i) => BigInt(i.skuId))).execute();
  const images = await db
    .selectFrom('product_images')
    .select(['product_id', 'image_id'])
    .where('product_id', 'in', items.map((i) => BigInt(i.productId)))
    .where('position', '=', 0)
    .execute();
  return items.map((item) => {
    const p = products.find((x) => x.id.toString() === item.productId);
    const sku = skus.find((x) => x.id.toString() === item.skuId);
    const image = images.find((x) => x.product_id.toString() === item.productId);
    const available = !!p && !!sku && sku.product_id === p.id && p.status === buyableStatus;
    return {
      productId: item.productId,
      skuId: item.skuId,
      quantity: item.quantity,
      selected: item.selected,
      title: p?.title ?? '',
      specification: sku?.specification ?? '',
      colour: sku?.colour ?? '',
      price: formatMoney(p?.price ?? 0n),
      shippingFee: formatMoney(p && p.shipping_method !== 'free' ? p.shipping_fee : 0n),
      stock: sku?.stock ?? 0,
      sellerId: p ? p.seller_id.toString() : '',
      sellerName: p?.nickname ?? '',
      image: image ? `/media/${image.image_id}-thumb.webp` : null,
      available,
    };
  });
}

const orderQuery = z.strictObject({ id: idString });

export function commerceRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signed = requireSession(deps);
  const { db } = deps;

  // ------------------------------------------------------------ addresses
  app.get('/api/commodity/address/list', signed, async (c) => {
    const rows = await db.selectFrom('addresses').selectAll().where('user_id', '=', c.var.user.id).where('deleted_at', 'is', null).orderBy('is_default', 'desc').orderBy('id', 'desc').execute();
    return ok(c, await Promise.all(rows.map((r) => addressView(db, r))));
  });

  app.get('/api/commodity/address/detail', signed, async (c) => {
    const { id } = queryOf(c, orderQuery);
    const row = await db.selectFrom('addresses').selectAll().where('id', '=', BigInt(id)).where('user_id', '=', c.var.user.id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!row) throw new ApiError('notFound');
    return ok(c, await addressView(db, row));
  });

  /** The first address is the default; asking for a new default moves the flag (exactly one default). */
  app.post('/api/commodity/address/add', signed, async (c) => {
    const input = await jsonBody(c, addressInput);
    await checkRegions(db, input);
    const userId = c.var.user.id;
    const row = await db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('addresses').select('id').where('user_id', '=', userId).where('deleted_at', 'is', null).forUpdate().execute();
      const makeDefault = input.isDefault === true || existing.length === 0;
      if (makeDefault) await trx.updateTable('addresses').set({ is_default: false }).where('user_id', '=', userId).where('is_default', '=', true).execute();
      return trx.insertInto('addresses').values({ user_id: userId, ...addressValues(input), is_default: makeDefault, deleted_at: null }).returningAll().executeTakeFirstOrThrow();
    });
    return ok(c, await addressView(db, row));
  });

  app.post('/api/commodity/address/edit', signed, async (c) => {
    const input = await jsonBody(c, addressEditInput);
    await checkRegions(db, input);
    const userId = c.var.user.id;
    const row = await db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('addresses').selectAll().where('id', '=', BigInt(input.id)).where('user_id', '=', userId).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
      if (!current) throw new ApiError('notFound');
      const makeDefault = input.isDefault === true || current.is_default;
      if (makeDefault && !current.is_default) await trx.updateTable('addresses').set({ is_default: false }).where('user_id', '=', userId).where('is_default', '=', true).execute();
      return trx.updateTable('addresses').set({ ...addressValues(input), is_default: makeDefault }).where('id', '=', current.id).returningAll().executeTakeFirstOrThrow();
    });
    return ok(c, await addressView(db, row));
  });

  app.post('/api/commodity/address/setDefault', signed, async (c) => {
    const { id } = await jsonBody(c, idInput);
    const userId = c.var.user.id;
    await db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('addresses').select('id').where('id', '=', BigInt(id)).where('user_id', '=', userId).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
      if (!current) throw new ApiError('notFound');
      await trx.updateTable('addresses').set({ is_default: false }).where('user_id', '=', userId).where('is_default', '=', true).execute();
      await trx.updateTable('addresses').set({ is_default: true }).where('id', '=', current.id).execute();
    });
    return ok(c, null);
  });

  /** Deleting the default hands the flag to the newest remaining address. */
  app.post('/api/commodity/address/delete', signed, async (c) => {
    const { id } = await jsonBody(c, idInput);
    const userId = c.var.user.id;
    await db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('addresses').select(['id', 'is_default']).where('id', '=', BigInt(id)).where('user_id', '=', userId).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
      if (!current) throw new ApiError('notFound');
      await trx.updateTable('addresses').set({ deleted_at: new Date(deps.now()), is_default: false }).where('id', '=', current.id).execute();
      if (current.is_default) {
        const next = await trx.selectFrom('addresses').select('id').where('user_id', '=', userId).where('deleted_at', 'is', null).orderBy('id', 'desc').limit(1).executeTakeFirst();
        if (next) await trx.updateTable('addresses').set({ is_default: true }).where('id', '=', next.id).execute();
      }
    });
    return ok(c, null);
  });

  // ------------------------------------------------------------ cart
  app.get('/api/commodity/cart/list', signed, async (c) => {
    const row = await db.selectFrom('carts').select('items').where('user_id', '=', c.var.user.id).executeTakeFirst();
    return ok(c, await cartLines(db, row?.items ?? []));
  });

  /** Replaces the account's cart with the device's (the device merges first); answers the lines with product details. */
  app.post('/api/commodity/cart/save', signed, async (c) => {
    const { items } = await jsonBody(c, cartSaveInput);
    const seen = new Set<string>();
    const unique = items.filter((i) => !seen.has(i.skuId) && !!seen.add(i.skuId));
    await db
      .insertInto('carts')
      .values({ user_id: c.var.user.id, items: JSON.stringify(unique), updated_at: new Date(deps.now()) })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ items: JSON.stringify(unique), updated_at: new Date(deps.now()) }))
      .execute();
    return ok(c, await cartLines(db, unique));
  });

  // ------------------------------------------------------------ orders
  app.post('/api/commodity/orders/quote', signed, async (c) => {
    const input = await jsonBody(c, quoteInput);
    return ok(c, await quote(db, c.var.user, input.items, input.addressId));
  });

  app.post('/api/commodity/orders/submit', signed, async (c) => {
    const input = await jsonBody(c, checkoutInput);
    return ok(c, await submitCheckout(deps, c.var.user, input));
  });

  return app;
}
