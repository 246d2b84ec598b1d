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

const signedPattern = /^([+-]?)(\d+(?:\.\d{1,7})?)$/;

/**
 * An amount as the wire sends it ("38.9275600", "-3") or as BigInt units, into units; null for text that is
 * not an amount. The one door from the wire's decimal strings to what coinText shows.
 */
export function toUnits(amount: Units | string): Units | null {
  if (typeof amount === 'bigint') return amount;
  const m = signedPattern.exec(amount.trim());
  if (!m) return null;
  const units = parseMoney(m[2] ?? '');
  return m[1] === '-' ? -units : units;
}

/** The coin's sign, before the number in every language and direction (issue 37, finding 3). */
export const coinSign = 'π';
const noBreakSpace = '\u00a0';

/**
 * The app's one rule for showing an amount of the coin (issue 37, finding 3): "π 38.92756" — as many
 * decimals as the value has, up to 7, trailing zeros dropped; the sign and the number joined by a
 * no-break space so they never part. `signed` adds "+" to a positive amount (balance movements); a negative
 * amount always shows "-". Text that is not an amount is shown as it came, after the sign.
 */
export function coinText(amount: Units | string, options: { signed?: boolean } = {}): string {
  const units = toUnits(amount);
  if (units === null) return `${coinSign}${noBreakSpace}${String(amount).trim()}`;
  const number = formatMoney(units);
  const plus = options.signed && units > 0n ? '+' : '';
  return `${plus}${coinSign}${noBreakSpace}${number}`.replace(`${coinSign}${noBreakSpace}-`, `-${coinSign}${noBreakSpace}`);
}
