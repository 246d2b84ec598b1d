/** Money in the coin: BigInt units of 10^-7. Wire format: decimal strings. Never a float. */
export type Units = bigint;

export const DECIMALS = 7;
const SCALE = 10n ** BigInt(DECIMALS);
const decimalPattern = /^(\d+)(?:\.(\d{1,7}))?$/;

export function isMoneyString(text: string): boolean {
  return decimalPattern.test(text.trim());
}

/** Parse "12.5" into 125000000n. Throws on more than 7 decimals, signs or anything not a number. */
export function parseMoney(text: string): Units {
  const m = decimalPattern.exec(text.trim());
  if (!m) throw new RangeError(`not an amount of the coin: ${text}`);
  const whole = BigInt(m[1] ?? '0');
  const frac = BigInt((m[2] ?? '').padEnd(DECIMALS, '0'));
  return whole * SCALE + frac;
}

/** The largest amount a BIGINT column holds, in units of 10^-7. */
export const maxUnits: Units = 2n ** 63n - 1n;

/**
 * False only for an amount (digits, at most 7 decimals) too large for its BIGINT column; any other
 * text is for the amount rules to judge (empty, not a number, too many decimals).
 */
export function isMoneyWithinColumn(text: string): boolean {
  return !isMoneyString(text) || parseMoney(text) <= maxUnits;
}

/** 125000000n into "12.5"; trailing zeros dropped, at least one digit before the point. */
export function formatMoney(units: Units): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / SCALE;
  const frac = (abs % SCALE).toString().padStart(DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole.toString()}${frac ? `.${frac}` : ''}`;
}
