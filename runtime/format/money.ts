import Decimal from 'decimal.js';
import { intlLocale } from './locale';

/**
 * Formats a decimal-string amount in a currency, in the interface language's conventions unless
 * a locale is given: `formatMoney('1249.99', 'GBP')` is `£1,249.99` in English, `1.249,99 £` in
 * German. Returns null for a null amount, which means "price on request" (000 §2.4) — the caller
 * shows that message. The amount never becomes a binary float: decimal.js rounds it to the
 * currency's minor unit (half up) and Intl formats the resulting decimal string exactly, with
 * the currency's sign as the locale writes it (`US$` in English, `£GB` in French).
 */
export function formatMoney(amount: string | null, currency: string, locale: string = intlLocale()): string | null {
  if (amount === null) return null;
  const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  const rounded = new Decimal(amount).toDecimalPlaces(digits, Decimal.ROUND_HALF_UP).toFixed(digits);
  // Intl.NumberFormat v3 (ES2023) formats numeric strings without converting them to a double.
  return formatter.format(rounded as `${number}`);
}
