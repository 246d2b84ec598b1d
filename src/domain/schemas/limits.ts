import * as z from 'zod/mini';
import { DECIMALS, isMoneyWithinColumn } from '../money';

const tooManyDecimals = new RegExp(`^\\s*\\d*\\.\\d{${DECIMALS + 1},}\\s*$`);

/**
 * The limits every input shares (issue 11): what the database's columns can hold, said once so the
 * forms and the server refuse the same things with the same words. An issue's message is a locale key.
 *
 * - Text: no control characters. PostgreSQL refuses byte 0x00 in text, and the other C0 controls
 *   (and DEL) are never typed by a person. Multi-line fields keep tab, line feed and carriage return.
 * - Integers that name a region or a category live in int4 columns; ids of rows in int8 columns.
 * - Money: decimal strings within a BIGINT column of units of 10^-7, at most 7 decimals (../money).
 */

export const LimitMessages = {
  controlCharacters: 'hardening.errors.controlCharacters',
  outOfRange: 'hardening.errors.outOfRange',
  amountTooLarge: 'hardening.errors.amountTooLarge',
  /** SPEC 5's own words for an amount with more than 7 decimals. */
  sevenDecimals: 'catalogue.rules.atMostSevenDecimals',
} as const;

/** Every C0 control but tab, line feed and carriage return, and DEL: refused even in multi-line text. */
const controlsInText = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Every C0 control and DEL: refused in single-line text. */
const controlsInLine = /[\u0000-\u001F\u007F]/;

export function hasControlCharacters(text: string, multiLine = false): boolean {
  return (multiLine ? controlsInText : controlsInLine).test(text);
}

/** The largest value of an int4 column (region, category and other small ids). */
export const int4Max = 2_147_483_647;

/** A check for any string schema: no control characters (tab and line breaks allowed when multi-line). */
export const noControlCharacters = (multiLine = false) =>
  z.refine<string>((v) => !hasControlCharacters(v, multiLine), { message: LimitMessages.controlCharacters });

/** Single-line text, trimmed, at most `max` characters, no control characters. */
export const lineText = (max: number) => z.string().check(z.trim(), z.maxLength(max), noControlCharacters());
/** Multi-line text (descriptions, comments, notice bodies), trimmed, at most `max` characters. */
export const multiLineText = (max: number) => z.string().check(z.trim(), z.maxLength(max), noControlCharacters(true));

/** An integer id kept in an int4 column (countries, provinces, cities, categories), at least `min`. */
export const smallId = (min: 0 | 1 = 1) => z.number().check(z.int(), z.gte(min), z.lte(int4Max, LimitMessages.outOfRange));
/** The same, read from a query string. */
export const smallIdQuery = (min: 0 | 1 = 1) => z.coerce.number().check(z.int(), z.gte(min), z.lte(int4Max, LimitMessages.outOfRange));

/**
 * A money string: empty or not a number is left to the form's rules (they speak SPEC's words), but an
 * amount never has more than 7 decimals and always fits its BIGINT column, even in a draft.
 */
export const moneyText = z.string().check(
  z.maxLength(40),
  z.refine((v) => !tooManyDecimals.test(v), { message: LimitMessages.sevenDecimals }),
  z.refine((v) => isMoneyWithinColumn(v), { message: LimitMessages.amountTooLarge }),
  noControlCharacters(),
);

/**
 * The first string (or object key) anywhere in a parsed request that holds a control character, as
 * its path; tab and line breaks are allowed here (multi-line fields), the schemas refuse them in lines.
 * The server's shared validation runs it on every body and query before the schema.
 */
export function controlCharacterPath(value: unknown, path: (string | number)[] = []): string | null {
  if (typeof value === 'string') return hasControlCharacters(value, true) ? path.join('.') || 'request' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterPath(value[i], [...path, i]);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (hasControlCharacters(key, true)) return [...path, key.replace(/[\u0000-\u001F\u007F]/g, '?')].join('.');
      const found = controlCharacterPath(inner, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
