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
 *
 * Iterative (an explicit stack, never a call per level) and linear in the size of the value: a path
 * is written out only for the one value found, from the parent links kept on the way down, so a value
 * nested 100,000 levels deep costs what a flat one of the same size costs (issue 25).
 */
export function controlCharacterPath(value: unknown): string | null {
  interface Step {
    value: unknown;
    key: string | number | null;
    parent: Step | null;
  }
  const pathOf = (step: Step | null, last?: string): string => {
    const parts: (string | number)[] = last === undefined ? [] : [last];
    for (let at = step; at !== null && at.key !== null; at = at.parent) parts.push(at.key);
    return parts.reverse().join('.') || 'request';
  };
  const stack: Step[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    const current = step.value;
    if (typeof current === 'string') {
      if (hasControlCharacters(current, true)) return pathOf(step);
    } else if (Array.isArray(current)) {
      // Pushed last to first, so the first element is looked at first (the path named is the first one found).
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i] as unknown, key: i, parent: step });
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        if (hasControlCharacters(key, true)) return pathOf(step, key.replace(/[\u0000-\u001F\u007F]/g, '?'));
      }
      for (let i = entries.length - 1; i >= 0; i--) {
        const entry = entries[i] as [string, unknown];
        stack.push({ value: entry[1], key: entry[0], parent: step });
      }
    }
  }
  return null;
}

/**
 * Whether a JSON text nests arrays and objects deeper than `max`, read in one pass over the text
 * without parsing it (brackets inside strings do not count). Run before JSON.parse, so a body nested
 * 100,000 levels deep is refused in microseconds and never reaches a recursive step.
 */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \\ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) depth--;
  }
  return false;
}
