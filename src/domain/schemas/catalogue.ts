import * as z from 'zod/mini';
import { Limits } from '../constants';
import { DECIMALS } from '../money';
import { moneyText, multiLineText, noControlCharacters, smallId, smallIdQuery } from './limits';

/**
 * Publishing and editing a product (SPEC 5, Publish). The wire shape is checked by `productInput`;
 * every rule of SPEC 5 is `publishIssues`, a plain function the form runs on every change and the
 * server runs on every save, so both say the same thing in SPEC's words. An issue's `message` is a
 * locale key: the form translates it, the server answers it as the message of code 4001.
 */

/** Images are identified by the SHA-256 hex id the upload answered. */
export const imageId = z.string().check(z.regex(/^[0-9a-f]{64}$/));

export const productConditions = ['new', 'secondHand'] as const;
export type ProductCondition = (typeof productConditions)[number];
export const shippingMethods = ['free', 'collect'] as const;
export type ShippingMethod = (typeof shippingMethods)[number];
export const visibleRanges = ['native', 'global'] as const;
export type VisibleRange = (typeof visibleRanges)[number];

/** One specification × colour combination with its stock. */
export const skuInput = z.strictObject({
  specification: z.string().check(z.maxLength(60), noControlCharacters()),
  colour: z.string().check(z.maxLength(60), noControlCharacters()),
  /** Text so that an empty field is "required", not a type error. */
  stock: z.string().check(z.maxLength(9), noControlCharacters()),
});
export type SkuInput = z.infer<typeof skuInput>;

/** What the form holds and the server receives. Strings where the user types, so every rule can speak. */
export const productInput = z.strictObject({
  images: z.array(z.string().check(z.maxLength(80))).check(z.maxLength(50)),
  title: z.string().check(z.maxLength(120), noControlCharacters()),
  description: z.string().check(z.maxLength(5000), noControlCharacters(true)),
  categoryId: z.nullable(smallId(1)),
  condition: z.nullable(z.enum(productConditions)),
  skus: z.array(skuInput).check(z.maxLength(100)),
  price: moneyText,
  shippingMethod: z.nullable(z.enum(shippingMethods)),
  shippingFee: moneyText,
  shippingPlace: z.string().check(z.maxLength(120), noControlCharacters()),
  visibleRange: z.nullable(z.enum(visibleRanges)),
  globalBarter: z.nullable(z.boolean()),
  saleCountries: z.array(smallId(0)).check(z.maxLength(300)),
  contactEmail: z.string().check(z.maxLength(254), noControlCharacters()),
});
export type ProductInput = z.infer<typeof productInput>;

export function emptyProductInput(): ProductInput {
  return {
    images: [],
    title: '',
    description: '',
    categoryId: null,
    condition: null,
    skus: [{ specification: '', colour: '', stock: '' }],
    price: '',
    shippingMethod: null,
    shippingFee: '',
    shippingPlace: '',
    visibleRange: null,
    globalBarter: null,
    saleCountries: [],
    contactEmail: '',
  };
}

export interface PublishIssue {
  /** The form field the issue belongs to (e.g. `images`, `skus.0.stock`). */
  field: string;
  /** Locale key of the message. */
  message: string;
}

export interface PublishContext {
  /** The seller's own country (a level-1 region id). */
  sellerCountryId: number;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const moneyShape = /^\d+(\.\d+)?$/;
const decimalsOf = (text: string) => (text.includes('.') ? (text.split('.')[1] ?? '').length : 0);

export function countWords(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}

function moneyIssue(field: string, value: string, requiredKey: string): PublishIssue | null {
  const text = value.trim();
  if (!text) return { field, message: requiredKey };
  if (!moneyShape.test(text)) return { field, message: 'catalogue.rules.amountInvalid' };
  if (decimalsOf(text) > DECIMALS) return { field, message: 'catalogue.rules.atMostSevenDecimals' };
  return null;
}

const isZeroAmount = (text: string) => /^0+(\.0*)?$/.test(text.trim());

/** Every rule of SPEC 5, Publish. Empty when the product may be submitted. */
export function publishIssues(input: ProductInput, context: PublishContext): PublishIssue[] {
  const issues: PublishIssue[] = [];
  const add = (field: string, message: string) => issues.push({ field, message });

  if (input.images.length === 0) add('images', 'catalogue.rules.imagesRequired');
  else if (input.images.length < Limits.productImagesMin) add('images', 'messages.uploadAtLeastThree');
  else if (input.images.length > Limits.productImagesMax) add('images', 'messages.uploadAtMostTen');
  if (new Set(input.images).size !== input.images.length) add('images', 'messages.doNotUploadRepeatedly');
  if (input.images.some((id) => !imageId.safeParse(id).success)) add('images', 'messages.uploadFailed');

  const title = input.title.trim();
  if (!title) add('title', 'catalogue.rules.titleRequired');
  else if (/^\d+$/.test(title)) add('title', 'catalogue.rules.titleAllDigits');

  if (!input.description.trim()) add('description', 'catalogue.rules.descriptionRequired');
  else if (countWords(input.description) < Limits.descriptionWordsMin) add('description', 'catalogue.rules.descriptionWords');

  if (input.categoryId === null) add('categoryId', 'catalogue.rules.categoryRequired');
  if (input.condition === null) add('condition', 'catalogue.rules.typeRequired');

  if (input.skus.length === 0) add('skus', 'catalogue.rules.attributesRequired');
  const combos = new Set<string>();
  input.skus.forEach((sku, i) => {
    if (!sku.specification.trim()) add(`skus.${i}.specification`, 'catalogue.rules.specificationRequired');
    if (!sku.colour.trim()) add(`skus.${i}.colour`, 'catalogue.rules.colourRequired');
    const stock = sku.stock.trim();
    if (!stock) add(`skus.${i}.stock`, 'catalogue.rules.stockRequired');
    else if (!/^\d+$/.test(stock)) add(`skus.${i}.stock`, 'catalogue.rules.stockInvalid');
    else if (Number(stock) === 0) add(`skus.${i}.stock`, 'catalogue.rules.stockZero');
    const combo = `${sku.specification.trim()}\u0000${sku.colour.trim()}`;
    if (sku.specification.trim() && sku.colour.trim() && combos.has(combo)) add(`skus.${i}.colour`, 'catalogue.rules.attributesDuplicate');
    combos.add(combo);
  });

  const price = moneyIssue('price', input.price, 'catalogue.rules.priceRequired');
  if (price) issues.push(price);

  if (input.shippingMethod === null) add('shippingMethod', 'catalogue.rules.shippingMethodRequired');
  const fee = moneyIssue('shippingFee', input.shippingFee, 'catalogue.rules.shippingFeeRequired');
  if (fee) issues.push(fee);
  else if (input.shippingMethod === 'collect' && isZeroAmount(input.shippingFee)) add('shippingFee', 'catalogue.rules.shippingFeeZero');

  if (!input.shippingPlace.trim()) add('shippingPlace', 'catalogue.rules.shippingPlaceRequired');
  if (input.visibleRange === null) add('visibleRange', 'catalogue.rules.visibleRangeRequired');
  if (input.globalBarter === null) add('globalBarter', 'catalogue.rules.globalBarterRequired');

  const countries = input.saleCountries;
  if (countries.length === 0) add('saleCountries', 'catalogue.rules.saleCountriesRequired');
  else if (countries.length > Limits.saleCountriesMax) add('saleCountries', 'catalogue.rules.saleCountriesMax');
  else if (new Set(countries).size !== countries.length) add('saleCountries', 'catalogue.rules.saleCountriesDuplicate');
  else if (input.globalBarter === false) {
    if (countries.length !== 1) add('saleCountries', 'catalogue.rules.saleCountriesOne');
    else if (countries[0] !== context.sellerCountryId) add('saleCountries', 'catalogue.rules.saleCountriesOwn');
  }

  const email = input.contactEmail.trim();
  if (!email || !emailPattern.test(email)) add('contactEmail', 'messages.incorrectEmail');

  return issues;
}

/** The first issue of each field, for showing under the inputs. */
export function issuesByField(issues: PublishIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) if (!(issue.field in out)) out[issue.field] = issue.message;
  return out;
}

/** Saving a draft needs only a title; every other rule applies on submit. */
export function draftIssues(input: ProductInput): PublishIssue[] {
  const issues: PublishIssue[] = [];
  if (!input.title.trim()) issues.push({ field: 'title', message: 'catalogue.rules.titleRequired' });
  if (new Set(input.images).size !== input.images.length) issues.push({ field: 'images', message: 'messages.doNotUploadRepeatedly' });
  if (input.images.length > Limits.productImagesMax) issues.push({ field: 'images', message: 'messages.uploadAtMostTen' });
  if (input.images.some((id) => !imageId.safeParse(id).success)) issues.push({ field: 'images', message: 'messages.uploadFailed' });
  return issues;
}

/** The publish request: the product, and whether to submit it for review or keep it as a draft. */
export const publishRequest = z.strictObject({
  product: productInput,
  submit: z.boolean(),
});
export type PublishRequest = z.infer<typeof publishRequest>;

export const editRequest = z.strictObject({
  id: z.string().check(z.regex(/^[1-9]\d{0,17}$/)),
  product: productInput,
  submit: z.boolean(),
});

export const productIdInput = z.strictObject({ id: z.string().check(z.regex(/^[1-9]\d{0,17}$/)) });

export const reviewInput = z.strictObject({
  id: z.string().check(z.regex(/^[1-9]\d{0,17}$/)),
  decision: z.enum(['approve', 'reject', 'freeze', 'unfreeze']),
  reason: z.optional(multiLineText(500)),
});

export const feedQuery = z.strictObject({
  countryId: z.optional(smallIdQuery(0)),
  categoryId: z.optional(smallIdQuery(1)),
  sellerId: z.optional(z.string().check(z.regex(/^[1-9]\d{0,17}$/))),
  q: z.optional(z.string().check(z.maxLength(100), noControlCharacters())),
  cursor: z.optional(z.string().check(z.maxLength(80))),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(50))),
});

/** Sorts of a search (issue 22): best match, newest, price low to high, price high to low. */
export const searchSorts = ['relevance', 'newest', 'priceAsc', 'priceDesc'] as const;
export type SearchSort = (typeof searchSorts)[number];
/** How far a sorted or filtered search pages (20 a page): 25 pages, 500 products. */
export const refinedSearchPages = 25;
const plainMoney = z.string().check(z.maxLength(20), z.regex(/^\d{1,12}(\.\d{1,7})?$/));

/**
 * A search with its sort and filters (issue 22), all optional: without sort and filters it is the plain search
 * (newest matches first, as a shared link asks it). `page` pages a sorted or filtered search (1 to 25).
 */
export const searchQueryInput = z.strictObject({
  ...feedQuery.shape,
  sort: z.optional(z.enum(searchSorts)),
  minPrice: z.optional(plainMoney),
  maxPrice: z.optional(plainMoney),
  condition: z.optional(z.enum(productConditions)),
  freeShipping: z.optional(z.enum(['1'])),
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(refinedSearchPages))),
});
export type SearchQueryInput = z.infer<typeof searchQueryInput>;

/** Suggestions while typing: the words typed so far (the last one a prefix). */
export const suggestQuery = z.strictObject({ q: z.string().check(z.maxLength(100), noControlCharacters()) });

export const commentInput = z.strictObject({
  productId: z.string().check(z.regex(/^[1-9]\d{0,17}$/)),
  content: z.string().check(z.maxLength(1000), noControlCharacters(true)),
  rating: z.nullable(z.number().check(z.int(), z.gte(1), z.lte(5))),
  anonymous: z.boolean(),
});
export type CommentInput = z.infer<typeof commentInput>;

/** SPEC 5, Other: a comment needs text and a rating. */
export function commentIssues(input: Pick<CommentInput, 'content' | 'rating'>): PublishIssue[] {
  const issues: PublishIssue[] = [];
  if (!input.content.trim()) issues.push({ field: 'content', message: 'catalogue.rules.commentText' });
  if (input.rating === null) issues.push({ field: 'rating', message: 'catalogue.rules.ratingRequired' });
  return issues;
}

export const reportInput = z.strictObject({
  productId: z.string().check(z.regex(/^[1-9]\d{0,17}$/)),
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(500), noControlCharacters(true)),
});

export const sellerApplicationInput = z.strictObject({
  storeName: z.string().check(z.trim(), z.minLength(1), z.maxLength(60), noControlCharacters()),
  realName: z.string().check(z.trim(), z.minLength(1), z.maxLength(80), noControlCharacters()),
  email: z.string().check(z.trim(), z.regex(emailPattern)),
  description: multiLineText(1000),
});

export const applicationDecisionInput = z.strictObject({
  id: z.string().check(z.regex(/^[1-9]\d{0,17}$/)),
  decision: z.enum(['approve', 'refuse']),
  reason: z.optional(multiLineText(500)),
});
