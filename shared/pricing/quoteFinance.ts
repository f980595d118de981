import { financeContactNumberValid, financeValueRefusal, type FinanceLine } from './finance';
import { isBlank } from '../text/blank';

/**
 * A financed quote (001 §3 payment_type FINANCE): the finance contact it carries, checked by the
 * same rules on the server (at publish and at acceptance) and in the quote editor's Payment tab.
 * A quote makes no finance application (docs/quotes.md "Finance"): the contact and the value rules
 * of 000 §5 are what can be checked before the order exists.
 */
export const QUOTE_FINANCE_CONTACT = [
  'finance_target',
  'finance_title',
  'finance_first_name',
  'finance_last_name',
  'finance_email_address',
  'finance_contact_number',
  'finance_term_length',
] as const;

export type QuoteFinanceContact = Partial<Record<(typeof QUOTE_FINANCE_CONTACT)[number], unknown>>;

export type QuoteFinanceRefusal =
  | 'finance_not_available'
  | 'checkout_complete_required_fields'
  | 'contact_number_regex'
  | 'finance_below_minimum_order_value'
  | 'intangible_costs_too_high';

/** Finance is offered on a GBP quote with a financeable line (000 §6: finance is a GBP service for financeable products). */
export function quoteFinanceOffered(lines: readonly Pick<FinanceLine, 'is_financeable'>[], currency: string | null): boolean {
  return currency === 'GBP' && lines.some((line) => line.is_financeable);
}

/** The first field of the finance contact that is missing, or null when it is whole. */
export function missingQuoteFinanceField(contact: QuoteFinanceContact): (typeof QUOTE_FINANCE_CONTACT)[number] | null {
  return QUOTE_FINANCE_CONTACT.find((field) => isBlank(contact[field])) ?? null;
}

/** Why a financed quote cannot go out or be ordered, first reason first; null: it can. */
export function quoteFinanceRefusal(
  lines: readonly FinanceLine[],
  currency: string | null,
  contact: QuoteFinanceContact,
): QuoteFinanceRefusal | null {
  if (!quoteFinanceOffered(lines, currency)) return 'finance_not_available';
  if (missingQuoteFinanceField(contact) !== null) return 'checkout_complete_required_fields';
  if (!financeContactNumberValid(contact['finance_contact_number'] as string | null)) return 'contact_number_regex';
  const target = contact['finance_target'] === 'CUSTOMER' ? 'CUSTOMER' : 'SELF';
  return financeValueRefusal(lines, target);
}
