import Decimal from 'decimal.js';

/**
 * Money and other exact decimals are stored as integers scaled by 10^scale, so SQLite (whose
 * NUMERIC affinity would round through binary floating point) and PostgreSQL hold the same exact
 * value, and both can index and sort it. They travel over the API as decimal strings.
 */
export const MONEY_SCALE = 4;

/**
 * A plain decimal string: a sign, digits, and a fraction. Values of this form (all the API's
 * amounts, all stored integers) are scaled by moving the decimal point in the string, which is
 * exact; anything else Decimal reads (exponents, "+3", ".5", a Decimal) goes through Decimal.
 * Decimal's division and power were 3 % of an order action's CPU time in the bench (issue 20).
 */
const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Digits without their leading zeros ("0" for none), signed unless they are zero. */
function signed(negative: boolean, digits: string): string {
  const trimmed = digits.replace(/^0+/, '');
  return trimmed === '' ? '0' : negative ? `-${trimmed}` : trimmed;
}

const tooManyPlaces = (value: string | number | Decimal, scale: number) =>
  new RangeError(`${value.toString()} has more than ${scale} decimal places`);

function toScaledByDecimal(value: string | number | Decimal, scale: number): string {
  const scaled = new Decimal(value).times(new Decimal(10).pow(scale));
  if (!scaled.isInteger()) throw tooManyPlaces(value, scale);
  return scaled.toFixed(0);
}

export function toScaled(value: string | number | Decimal, scale: number = MONEY_SCALE): string {
  const plain = typeof value === 'object' ? null : PLAIN_DECIMAL.exec(String(value));
  if (!plain) return toScaledByDecimal(value, scale);
  const [, sign, whole, fraction = ''] = plain as unknown as [string, string, string, string | undefined];
  if (/[1-9]/.test(fraction.slice(scale))) throw tooManyPlaces(value, scale);
  return signed(sign === '-', whole + fraction.slice(0, scale).padEnd(scale, '0'));
}

/** `digits` (no sign) divided by 10^scale, with exactly `scale` places (Decimal's toFixed). */
function withPoint(negative: boolean, digits: string, scale: number): string {
  const padded = digits.padStart(scale + 1, '0');
  const whole = signed(false, padded.slice(0, padded.length - scale));
  const fraction = padded.slice(padded.length - scale);
  const zero = whole === '0' && !/[1-9]/.test(fraction);
  const sign = negative && !zero ? '-' : '';
  return scale === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}

/**
 * A stored scaled integer (a number from SQLite, a string from PostgreSQL's bigint) as a decimal
 * string with at least two places ("12.50") and no further trailing zeros ("0.0125").
 */
export function fromScaled(stored: string | number | bigint, scale: number = MONEY_SCALE): string {
  const text = stored.toString();
  const integer = /^(-?)(\d+)$/.exec(text);
  const fixed = integer
    ? withPoint(integer[1] === '-', integer[2]!, scale)
    : new Decimal(text).div(new Decimal(10).pow(scale)).toFixed(scale);
  if (scale <= 2) return fixed;
  const [whole, fraction = ''] = fixed.split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}
