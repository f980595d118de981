import Decimal from 'decimal.js';

export const DEFAULT_MONEY_LOCALE = 'en-GB';

/**
 * Formats a decimal-string amount in a currency, e.g. `formatMoney('1249.99', 'GBP')` → `£1,249.99`.
 * Returns null for a null amount, which means "price on request" (000 §2.4) — the caller shows
 * that message. The amount never becomes a binary float: decimal.js rounds it to the currency's
 * minor unit (half up) and Intl formats the resulting decimal string exactly.
 */
export function formatMoney(amount: string | null, currency: string, locale: string = DEFAULT_MONEY_LOCALE): string | null {
  if (amount === null) return null;
  const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  const rounded = new Decimal(amount).toDecimalPlaces(digits, Decimal.ROUND_HALF_UP).toFixed(digits);
  // Intl.NumberFormat v3 (ES2023) formats numeric strings without converting them to a double.
  return formatter.format(rounded as `${number}`);
}
