import { parseMoney } from '../../src/domain/money';
import type { Db } from '../db/database';
import { ledgerTotal, unbalancedTransactions } from '../services/ledger';

/**
 * Commerce test fixtures: products straight into the database (status 'normal', the product chart's
 * buyable state) until the catalogue's seed lands, and buyer addresses.
 */
export interface ProductFixture {
  seller: string;
  title?: string;
  price?: string;
  shippingFee?: string;
  shippingMethod?: 'free' | 'collect';
  saleCountries?: number[];
  visibleRange?: 'native' | 'global';
  status?: string;
  skus?: { specification: string; colour: string; stock: number }[];
}

export async function userId(db: Db, username: string): Promise<bigint> {
  return (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}

export async function insertProduct(db: Db, p: ProductFixture): Promise<{ productId: string; skuIds: string[] }> {
  const sellerId = await userId(db, p.seller);
  const seller = await db.selectFrom('users').select('country_id').where('id', '=', sellerId).executeTakeFirstOrThrow();
  const status = p.status ?? 'normal';
  const product = await db
    .insertInto('products')
    .values({
      seller_id: sellerId,
      title: p.title ?? 'Hand-woven basket',
      description: 'A test product with a description long enough for the rules of publishing.',
      category_id: 1,
      condition: 'new',
      price: parseMoney(p.price ?? '10'),
      shipping_fee: parseMoney(p.shippingFee ?? '1.5'),
      shipping_method: p.shippingMethod ?? 'collect',
      shipping_place: 'Manila',
      visible_range: p.visibleRange ?? 'global',
      global_barter: true,
      sale_countries: JSON.stringify(p.saleCountries ?? [seller.country_id, 1, 4]),
      contact_email: 'seller@example.com',
      status,
      chart: JSON.stringify({ value: status, context: {} }),
      review_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const skuIds: string[] = [];
  for (const s of p.skus ?? [{ specification: 'Large', colour: 'Red', stock: 10 }]) {
    const sku = await db.insertInto('product_skus').values({ product_id: product.id, specification: s.specification, colour: s.colour, stock: s.stock }).returning('id').executeTakeFirstOrThrow();
    skuIds.push(sku.id.toString());
  }
  return { productId: product.id.toString(), skuIds };
}

export async function insertAddress(db: Db, username: string, countryId = 4): Promise<string> {
  const row = await db
    .insertInto('addresses')
    .values({ user_id: await userId(db, username), first_name: 'Ana', last_name: 'Cruz', phone: '+63 912 345 6789', country_id: countryId, province_id: null, city_id: null, detail: '12 Rizal Street', is_default: false, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id.toString();
}

export async function stockOf(db: Db, skuId: string): Promise<number> {
  return (await db.selectFrom('product_skus').select('stock').where('id', '=', BigInt(skuId)).executeTakeFirstOrThrow()).stock;
}

/** The ledger's invariant: every transaction and the whole ledger sum to zero. */
export async function ledgerIsBalanced(db: Db): Promise<boolean> {
  return (await ledgerTotal(db)) === 0n && (await unbalancedTransactions(db)).length === 0;
}
