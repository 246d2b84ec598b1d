import * as z from 'zod/mini';
import { Limits } from '../constants';
import { noControlCharacters, smallIdQuery } from './limits';

/** getToken: log in with the coin platform's access token, or exchange a one-time login ticket. */
/** The device's IANA time zone: the user's check-in day is decided in it when they have none yet. */
const deviceTimeZone = z.optional(z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_+\-/]+$/)));

export const getTokenInput = z.union([
  z.strictObject({ accessToken: z.string().check(z.minLength(1), z.maxLength(4096)), timeZone: deviceTimeZone }),
  z.strictObject({ ticket: z.string().check(z.minLength(1), z.maxLength(256)) }),
]);
export type GetTokenInput = z.infer<typeof getTokenInput>;

/** getWordAddress query: level 1 countries, 2 provinces, 3 or more raised to 100 (cities and districts). */
export const wordAddressQuery = z.strictObject({
  level: z.coerce.number().check(z.int(), z.gte(1), z.lte(1000)),
  parentId: z.optional(smallIdQuery(0)),
});

export function effectiveWordLevel(level: number): number {
  return level >= Limits.wordAddressRaiseFrom ? Limits.wordAddressDeepLevel : level;
}

/** Page-view analytics: one per navigation. */
export const pageViewInput = z.strictObject({
  path: z.string().check(z.minLength(1), z.maxLength(512), z.regex(/^\//)),
  referrer: z.optional(z.string().check(z.maxLength(512), noControlCharacters())),
});
