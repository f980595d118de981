import Decimal from 'decimal.js';

/** VAT, 20 % (000 §9), charged on goods and shipping. */
export const VAT_PERCENT = new Decimal(20);

export type DecimalInput = Decimal | string | number;

/** An exact decimal from a money string (never from a float computation). */
export function dec(value: DecimalInput): Decimal {
  return value instanceof Decimal ? value : new Decimal(value);
}

/** Rounded to the penny, half away from zero (the UK convention for VAT and invoice lines). */
export function roundMoney(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** A percentage of an amount, rounded to the penny: percentOf(10.05, 20) = 2.01. */
export function percentOf(amount: Decimal, percent: DecimalInput): Decimal {
  return roundMoney(amount.times(dec(percent)).dividedBy(100));
}

/** VAT on an amount that is already in pennies. */
export function vatOn(amount: Decimal): Decimal {
  return percentOf(amount, VAT_PERCENT);
}
