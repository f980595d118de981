import Decimal from 'decimal.js';

/**
 * An amount (a decimal string) in a currency as the locale writes it: `£1,249.99` in en-GB,
 * `1.249,99 £` in de-DE. The amount never becomes a binary float: decimal.js rounds it to the
 * currency's minor unit (half up) and Intl formats the resulting decimal string exactly, with the
 * currency's sign as the locale writes it (`US$` in English, `£GB` in French). Pure: the runtime
 * passes the interface's locale (runtime/format/money.ts), the server the recipient's (e-mails).
 */
export function formatAmount(amount: string, currency: string, locale: string): string {
  const formatter = currencyFormatter(locale, currency);
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  const rounded = new Decimal(amount).toDecimalPlaces(digits, Decimal.ROUND_HALF_UP).toFixed(digits);
  // Intl.NumberFormat v3 (ES2023) formats numeric strings without converting them to a double.
  return formatter.format(rounded as `${number}`);
}

/** Formatters by locale and currency: building one took as long as formatting many amounts (an e-mail formats several). */
const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    // Six locales and a few currencies in practice; the bound keeps an odd caller from growing it.
    if (formatters.size >= 200) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}
