import Decimal from 'decimal.js';

/**
 * Money and other exact decimals are stored as integers scaled by 10^scale, so SQLite (whose
 * NUMERIC affinity would round through binary floating point) and PostgreSQL hold the same exact
 * value, and both can index and sort it. They travel over the API as decimal strings.
 */
export const MONEY_SCALE = 4;

export function toScaled(value: string | number | Decimal, scale: number = MONEY_SCALE): string {
  const scaled = new Decimal(value).times(new Decimal(10).pow(scale));
  if (!scaled.isInteger()) {
    throw new RangeError(`${value.toString()} has more than ${scale} decimal places`);
  }
  return scaled.toFixed(0);
}

/**
 * A stored scaled integer (a number from SQLite, a string from PostgreSQL's bigint) as a decimal
 * string with at least two places ("12.50") and no further trailing zeros ("0.0125").
 */
export function fromScaled(stored: string | number | bigint, scale: number = MONEY_SCALE): string {
  const fixed = new Decimal(stored.toString()).div(new Decimal(10).pow(scale)).toFixed(scale);
  if (scale <= 2) return fixed;
  const [whole, fraction = ''] = fixed.split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}
