import Decimal from 'decimal.js';
import { currencyFormatter, formatAmount } from '../../shared/format/money';
import { kept } from '../../shared/format/kept';
import { intlLocale } from './locale';

/**
 * Formats a decimal-string amount in a currency, in the interface language's conventions unless
 * a locale is given: `formatMoney('1249.99', 'GBP')` is `£1,249.99` in English, `1.249,99 £` in
 * German (shared/format/money.ts, which e-mails use too). Returns null for a null amount, which
 * means "price on request" (000 §2.4) — the caller shows that message.
 */
export function formatMoney(amount: string | null, currency: string, locale: string = intlLocale()): string | null {
  if (amount === null) return null;
  return formatAmount(amount, currency, locale);
}

/** Kept by locale, currency and decimals: `kept`. */
const unitPriceFormatters = new Map<string, Intl.NumberFormat>();

/** A unit price shows at most this many decimals: stored unit prices have four (docs/storage.md). */
const UNIT_PRICE_MAX_DECIMALS = 4;

/**
 * A price per unit (a minute of calls, a GB of storage) at its own precision: `£0.015` stays
 * `£0.015` rather than becoming `£0.02`, which would misstate what every unit costs. At least
 * the currency's minor unit (`£3.20`), at most four decimals, trailing zeros beyond the minor
 * unit dropped (`£0.0400` is `£0.04`).
 */
export function formatUnitPrice(amount: string | null, currency: string, locale: string = intlLocale()): string | null {
  if (amount === null) return null;
  // The currency's minor unit: a currency formatter's fraction digits (its minimum and maximum are both it).
  const minor = currencyFormatter(locale, currency).digits;
  const value = new Decimal(amount);
  const places = Math.min(Math.max(value.decimalPlaces(), minor), UNIT_PRICE_MAX_DECIMALS);
  const formatter = kept(unitPriceFormatters, `${locale}|${currency}|${places}`, () => {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: minor, maximumFractionDigits: places });
  });
  return formatter.format(value.toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places) as `${number}`);
}
