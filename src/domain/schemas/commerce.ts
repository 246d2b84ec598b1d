import * as z from 'zod/mini';
import { CheckoutRules, paymentMethods } from '../checkout';
import { isMoneyString } from '../money';
import { lineText, noControlCharacters, smallId } from './limits';

/** Ids travel as decimal strings (they are BIGINT on the server). */
export const idString = z.string().check(z.regex(/^[1-9]\d{0,17}$/));

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max), noControlCharacters());
const optionalText = (max: number) => z.optional(lineText(max));

/** SPEC 3, Address: first and last name, phone, region, province/city/district, street, building, detail, zip, default. */
export const addressInput = z.strictObject({
  firstName: text(60),
  lastName: text(60),
  phone: z.string().check(z.trim(), z.regex(/^\+?[0-9 ()-]{5,24}$/)),
  countryId: smallId(1),
  provinceId: z.optional(z.nullable(smallId(1))),
  cityId: z.optional(z.nullable(smallId(1))),
  street: optionalText(120),
  buildingNumber: optionalText(40),
  detail: text(300),
  zipCode: optionalText(20),
  isDefault: z.optional(z.boolean()),
});
export type AddressInput = z.infer<typeof addressInput>;

export const addressEditInput = z.extend(addressInput, { id: idString });
export const idInput = z.strictObject({ id: idString });

export const cartLineInput = z.strictObject({
  productId: idString,
  skuId: idString,
  quantity: z.number().check(z.int(), z.gte(1), z.lte(CheckoutRules.maxQuantity)),
  selected: z.boolean(),
});
export type CartLineInput = z.infer<typeof cartLineInput>;

export const cartSaveInput = z.strictObject({
  items: z.array(cartLineInput).check(z.maxLength(200)),
});

const checkoutLine = z.strictObject({
  productId: idString,
  skuId: idString,
  quantity: z.number().check(z.int(), z.gte(1), z.lte(CheckoutRules.maxQuantity)),
});

/** What the buyer submits; every amount is the server's to compute. */
export const checkoutInput = z.strictObject({
  /** A random key the client makes once per submission: resubmitting it answers the same orders. */
  idempotencyKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
  items: z.array(checkoutLine).check(z.minLength(1), z.maxLength(CheckoutRules.maxLines)),
  addressId: z.optional(z.nullable(idString)),
  paymentMethod: z.optional(z.nullable(z.enum(paymentMethods))),
  comments: optionalText(200),
  /** Ordered from the cart: the ordered lines leave the account's cart in the orders' transaction. */
  fromCart: z.optional(z.boolean()),
});
export type CheckoutInput = z.infer<typeof checkoutInput>;

/** Quote (preview) of a checkout: the server's totals for the lines and address, nothing stored. */
export const quoteInput = z.strictObject({
  items: z.array(checkoutLine).check(z.minLength(1), z.maxLength(CheckoutRules.maxLines)),
  addressId: z.optional(z.nullable(idString)),
});

export const orderIdsInput = z.strictObject({
  orderIds: z.array(idString).check(z.minLength(1), z.maxLength(CheckoutRules.maxLines)),
});

export const coinApproveInput = z.strictObject({ paymentId: z.string().check(z.minLength(1), z.maxLength(128)) });
export const coinCompleteInput = z.strictObject({
  paymentId: z.string().check(z.minLength(1), z.maxLength(128)),
  txid: z.string().check(z.minLength(1), z.maxLength(256)),
});
export const coinCancelInput = z.strictObject({ paymentId: z.string().check(z.minLength(1), z.maxLength(128)) });

/**
 * The amount the review sheet showed (a decimal string of the coin). The server moves money only when it
 * equals what it would charge now (reviewChanged otherwise). Optional so that a client from before the
 * review sheet keeps paying what the server computes, as it did.
 */
const reviewedAmount = z.optional(z.string().check(z.refine((v) => isMoneyString(v), { message: 'review.amountFormat' })));

/** Paying orders from the account balance, after the review sheet. */
export const balancePayInput = z.strictObject({
  orderIds: z.array(idString).check(z.minLength(1), z.maxLength(CheckoutRules.maxLines)),
  amount: reviewedAmount,
});
export type BalancePayInput = z.infer<typeof balancePayInput>;

/** The wallet-app payment password: six digits; and the amount the sheet showed. */
export const walletPayInput = z.strictObject({
  orderIds: z.array(idString).check(z.minLength(1), z.maxLength(CheckoutRules.maxLines)),
  password: z.string().check(z.regex(/^\d{6}$/)),
  amount: reviewedAmount,
});

export const pageQuery = z.strictObject({
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))),
  size: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
});
export const pageBody = z.strictObject({
  page: z.optional(z.number().check(z.int(), z.gte(1), z.lte(10_000))),
  size: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100))),
});
