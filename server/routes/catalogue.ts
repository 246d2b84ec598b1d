import { Hono } from 'hono';
import * as z from 'zod/mini';
import {
  applicationDecisionInput,
  commentInput,
  editRequest,
  feedQuery,
  productIdInput,
  publishRequest,
  reportInput,
  reviewInput,
  searchQueryInput,
  sellerApplicationInput,
  suggestQuery,
} from '../../src/domain/schemas/catalogue';
import { smallIdQuery } from '../../src/domain/schemas/limits';
import { parseMoney } from '../../src/domain/money';
import { isRefined, popularWords, refinedSearch, suggestions } from '../services/searchRefined';
import type { Deps } from '../deps';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { requireRole } from '../http/roles';
import { requireSession } from '../http/session';
import { jsonBody, queryOf } from '../http/validate';
import {
  editProduct,
  feed,
  ownProductDetail,
  ownProducts,
  productDetail,
  publishProduct,
  reviewQueue,
  search,
  sellerAction,
  staffDecision,
  type SellerAction,
} from '../services/catalogue';
import { cached, invalidateCatalogue } from '../services/catalogueCache';
import { clearDraft } from '../services/listingDrafts';
import {
  addComment,
  applications,
  applyToSell,
  collect,
  collectedProducts,
  comments,
  decideApplication,
  follow,
  followedStores,
  myApplication,
  ownerOnComment,
  relation,
  report,
  storeInfo,
} from '../services/catalogueSocial';

const idText = z.string().check(z.regex(/^[1-9]\d{0,17}$/));
const idQuery = z.strictObject({ id: idText });
const sellerIdInput = z.strictObject({ sellerId: idText });
const cursorQuery = z.strictObject({ cursor: z.optional(idText) });
const commentsQuery = z.strictObject({ productId: idText, cursor: z.optional(idText) });
const relationQuery = z.strictObject({ productId: z.optional(idText), sellerId: z.optional(idText) });
const statusQuery = z.strictObject({ status: z.optional(z.enum(['draft', 'reviewing', 'normal', 'reviewFailed', 'frozen', 'takenDown', 'deleted', 'backup'])) });
const applicationsQuery = z.strictObject({ status: z.optional(z.enum(['pending', 'approved', 'refused'])) });
const commentIdInput = z.strictObject({ id: idText });

/** The catalogue (issue 4): browsing is public; selling, favourites, follows and comments are signed; review is for staff. */
export function catalogueRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signed = requireSession(deps);
  const staff = requireRole('arbiter');
  const seller = requireRole('seller');

  // ---- browsing (public)
  app.get('/api/commodity/product/feed', async (c) => {
    const q = queryOf(c, feedQuery);
    const key = `feed:${new URL(c.req.url).search}`;
    return ok(
      c,
      await cached(deps.db, key, deps.now(), () => feed(deps.db, {
        countryId: q.countryId ?? 0,
        categoryId: q.categoryId,
        sellerId: q.sellerId === undefined ? undefined : BigInt(q.sellerId),
        q: q.q,
        cursor: q.cursor === undefined || !/^\d{1,18}$/.test(q.cursor) ? undefined : BigInt(q.cursor),
        limit: q.limit ?? 20,
      })),
    );
  });

  app.get('/api/commodity/product/search', async (c) => {
    const q = queryOf(c, searchQueryInput);
    const text = (q.q ?? '').trim();
    // Words are needed, except for a sorted or filtered category (issue 33, finding 8: category results sort and filter like search).
    if (!text && (q.categoryId === undefined || !isRefined(q))) throw new ApiError('invalidField', { field: 'q', detail: 'required' });
    if (q.minPrice !== undefined && q.maxPrice !== undefined && parseMoney(q.minPrice) > parseMoney(q.maxPrice)) throw new ApiError('invalidField', { field: 'maxPrice', detail: 'below minPrice' });
    // Sorted or filtered (issue 22): its own statement, with the count; cached like the plain search.
    if (isRefined(q)) return ok(c, await cached(deps.db, `search:${new URL(c.req.url).search}`, deps.now(), () => refinedSearch(deps.db, q.countryId ?? 0, text, q)));
    const cursor = q.cursor === undefined || !/^\d{1,18}$/.test(q.cursor) ? undefined : BigInt(q.cursor);
    const answer = await cached(deps.db, `search:${new URL(c.req.url).search}`, deps.now(), () =>
      search(deps.db, { countryId: q.countryId ?? 0, categoryId: q.categoryId, q: text, cursor, limit: q.limit ?? 20 }),
    );
    return ok(c, answer);
  });

  /** Suggestions while typing (issue 22): the catalogue's own words completing the last word typed. */
  app.get('/api/commodity/product/suggest', async (c) => {
    const text = queryOf(c, suggestQuery).q;
    return ok(c, await cached(deps.db, `suggest:${text.normalize('NFKC').toLowerCase()}`, deps.now(), () => suggestions(deps.db, text)));
  });
  /** Popular words of the buyer's country, shown when search opens (issue 22). */
  app.get('/api/commodity/product/popular', async (c) => {
    const countryId = queryOf(c, z.strictObject({ countryId: z.optional(smallIdQuery(0)) })).countryId ?? 0;
    return ok(c, await cached(deps.db, `popular:${countryId}`, deps.now(), () => popularWords(deps.db, countryId)));
  });

  app.get('/api/commodity/product/detail', async (c) => ok(c, await productDetail(deps.db, BigInt(queryOf(c, idQuery).id), null)));
  app.get('/api/commodity/store/info', async (c) => ok(c, await storeInfo(deps.db, BigInt(queryOf(c, z.strictObject({ sellerId: idText })).sellerId))));
  app.get('/api/commodity/comment/list', async (c) => {
    const q = queryOf(c, commentsQuery);
    return ok(c, await comments(deps.db, BigInt(q.productId), null, q.cursor));
  });

  // ---- the seller's products
  app.post('/api/commodity/product/publish', signed, seller, async (c) => {
    const body = await jsonBody(c, publishRequest);
    const product = await publishProduct(deps, c.var.user, body.product, body.submit);
    // The listing is made: the seller's draft of a new listing (issue 37) is done with.
    await clearDraft(deps.db, c.var.user);
    return ok(c, product);
  });
  app.post('/api/commodity/product/edit', signed, seller, async (c) => {
    const body = await jsonBody(c, editRequest);
    return ok(c, await editProduct(deps, c.var.user, BigInt(body.id), body.product, body.submit));
  });
  const actions: Record<string, SellerAction> = { submit: 'submit', takeDown: 'takeDown', relist: 'relist', delete: 'delete' };
  for (const [path, action] of Object.entries(actions)) {
    app.post(`/api/commodity/product/${path}`, signed, seller, async (c) => {
      const body = await jsonBody(c, productIdInput);
      return ok(c, await sellerAction(deps, c.var.user, BigInt(body.id), action));
    });
  }
  app.get('/api/commodity/product/mine', signed, seller, async (c) => {
    const q = queryOf(c, statusQuery);
    return ok(c, await ownProducts(deps.db, c.var.user.id, q.status));
  });
  app.get('/api/commodity/product/mine/detail', signed, seller, async (c) => ok(c, await ownProductDetail(deps.db, c.var.user, BigInt(queryOf(c, idQuery).id))));

  // ---- platform staff
  app.get('/api/platform/product/list', signed, staff, async (c) => {
    const q = queryOf(c, statusQuery);
    return ok(c, await reviewQueue(deps.db, q.status ?? 'reviewing'));
  });
  app.post('/api/platform/product/review', signed, staff, async (c) => {
    const body = await jsonBody(c, reviewInput);
    await staffDecision(deps, BigInt(body.id), body.decision, body.reason);
    return ok(c, null);
  });
  app.get('/api/platform/seller/applications', signed, staff, async (c) => ok(c, await applications(deps.db, queryOf(c, applicationsQuery).status ?? 'pending')));
  app.post('/api/platform/seller/decide', signed, staff, async (c) => {
    const body = await jsonBody(c, applicationDecisionInput);
    await decideApplication(deps, c.var.user, BigInt(body.id), body.decision, body.reason);
    invalidateCatalogue(deps.db);
    return ok(c, null);
  });

  // ---- seller authentication
  app.get('/api/commodity/seller/application', signed, async (c) => ok(c, await myApplication(deps.db, c.var.user)));
  app.post('/api/commodity/seller/apply', signed, async (c) => ok(c, await applyToSell(deps.db, c.var.user, await jsonBody(c, sellerApplicationInput))));

  // ---- favourites, follows, relation
  app.post('/api/commodity/collect/add', signed, async (c) => {
    await collect(deps.db, c.var.user, BigInt((await jsonBody(c, productIdInput)).id), true);
    return ok(c, null);
  });
  app.post('/api/commodity/collect/remove', signed, async (c) => {
    await collect(deps.db, c.var.user, BigInt((await jsonBody(c, productIdInput)).id), false);
    return ok(c, null);
  });
  app.get('/api/commodity/collect/list', signed, async (c) => ok(c, await collectedProducts(deps.db, c.var.user, queryOf(c, cursorQuery).cursor)));
  app.post('/api/commodity/store/follow', signed, async (c) => {
    await follow(deps.db, c.var.user, BigInt((await jsonBody(c, sellerIdInput)).sellerId), true);
    return ok(c, null);
  });
  app.post('/api/commodity/store/unfollow', signed, async (c) => {
    await follow(deps.db, c.var.user, BigInt((await jsonBody(c, sellerIdInput)).sellerId), false);
    return ok(c, null);
  });
  app.get('/api/commodity/store/following', signed, async (c) => ok(c, await followedStores(deps.db, c.var.user)));
  app.get('/api/commodity/product/relation', signed, async (c) => {
    const q = queryOf(c, relationQuery);
    if (!q.productId && !q.sellerId) throw new ApiError('invalidField', { field: 'productId', detail: 'required' });
    return ok(c, await relation(deps.db, c.var.user, q.productId ? BigInt(q.productId) : null, q.sellerId ? BigInt(q.sellerId) : null));
  });

  // ---- comments and reports
  app.post('/api/commodity/comment/add', signed, async (c) => ok(c, await addComment(deps.db, c.var.user, await jsonBody(c, commentInput))));
  app.post('/api/commodity/comment/delete', signed, async (c) => {
    await ownerOnComment(deps, c.var.user, BigInt((await jsonBody(c, commentIdInput)).id), 'delete');
    return ok(c, null);
  });
  app.post('/api/commodity/comment/block', signed, async (c) => {
    await ownerOnComment(deps, c.var.user, BigInt((await jsonBody(c, commentIdInput)).id), 'block');
    return ok(c, null);
  });
  app.post('/api/commodity/product/report', signed, async (c) => {
    const body = await jsonBody(c, reportInput);
    await report(deps.db, c.var.user, BigInt(body.productId), body.reason);
    return ok(c, null);
  });

  return app;
}
