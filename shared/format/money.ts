import Decimal from 'decimal.js';
import { kept } from './kept';

/**
 * An amount (a decimal string) in a currency as the locale writes it: `£1,249.99` in en-GB,
 * `1.249,99 £` in de-DE. The amount never becomes a binary float: decimal.js rounds it to the
 * currency's minor unit (half up) and Intl formats the resulting decimal string exactly, with the
 * currency's sign as the locale writes it (`US$` in English, `£GB` in French). Pure: the runtime
 * passes the interface's locale (runtime/format/money.ts), the server the recipient's (e-mails).
 */
export function formatAmount(amount: string, currency: string, locale: string): string {
  const { formatter, digits } = currencyFormatter(locale, currency);
  const rounded = new Decimal(amount).toDecimalPlaces(digits, Decimal.ROUND_HALF_UP).toFixed(digits);
  // Intl.NumberFormat v3 (ES2023) formats numeric strings without converting them to a double.
  return formatter.format(rounded as `${number}`);
}

export interface CurrencyFormatter {
  formatter: Intl.NumberFormat;
  /** The currency's minor unit as the locale writes it, read once: resolvedOptions() costs more than a format (issue 20). */
  digits: number;
}

/** Formatters by locale and currency (`kept`): building one took as long as formatting many amounts (an e-mail formats several). */
const formatters = new Map<string, CurrencyFormatter>();

/** The kept formatter of `currency` in `locale`, with the currency's minor unit. */
export function currencyFormatter(locale: string, currency: string): CurrencyFormatter {
  return kept(formatters, `${locale} ${currency}`, () => {
    const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    return { formatter, digits: formatter.resolvedOptions().maximumFractionDigits ?? 2 };
  });
}
