import { financeContactNumberValid, financeFigures, MINIMUM_ORDER_VALUE, MAX_INTANGIBLE_SHARE, lineValue, type FinanceFigures, type FinanceLine } from '../../shared/pricing/finance';
import Decimal from 'decimal.js';
import { emailValid } from '../checkout/completeness';
import type { PricedRow, QuoteDraft } from './quoteDraft';

/**
 * The quote's Payment tab (001 §3 Quote payment_type, finance): paid on account, or financed with
 * the finance contact of 001 §3 (title, first and last name, e-mail, contact number, term and
 * whom for). A quote carries no finance application (docs/quotes.md): its figures are shown with
 * the checkout's rules (shared/pricing/finance), which also say when finance cannot apply.
 */
export const FINANCE_CONTACT = ['finance_target', 'finance_title', 'finance_first_name', 'finance_last_name', 'finance_email_address', 'finance_contact_number', 'finance_term_length'] as const;

export const financeLinesOf = (rows: readonly PricedRow[]): FinanceLine[] =>
  rows.map(({ priced, product }) => ({ net: priced.net.toFixed(2), quantity: priced.quantity, markup: null, rrp: product.rrp, is_financeable: product.is_financeable, is_shippable: product.is_shippable }));

/** Finance is offered on a GBP quote with a financeable line (000 §6: finance is a GBP service for financeable products). */
export function financeOffered(rows: readonly PricedRow[], currency: string | null): boolean {
  return currency === 'GBP' && rows.some((row) => row.product.is_financeable);
}

/** Why the quote's goods cannot be financed (000 §5's value rules), or null. */
export function financeValueRefusal(rows: readonly PricedRow[], target: 'SELF' | 'CUSTOMER' | null): 'finance_below_minimum_order_value' | 'intangible_costs_too_high' | null {
  const financeable = financeLinesOf(rows).filter((line) => line.is_financeable && line.quantity > 0);
  const value = financeable.reduce((sum, line) => sum.plus(lineValue(line, target)), new Decimal(0));
  if (value.lt(MINIMUM_ORDER_VALUE)) return 'finance_below_minimum_order_value';
  const intangible = financeable.filter((line) => !line.is_shippable).reduce((sum, line) => sum.plus(lineValue(line, target)), new Decimal(0));
  return intangible.gte(value.times(MAX_INTANGIBLE_SHARE)) ? 'intangible_costs_too_high' : null;
}

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/** The payment step is complete: on account, or a financeable quote with the whole finance contact. */
export function paymentComplete(draft: QuoteDraft, rows: readonly PricedRow[]): boolean {
  if (draft.payment_type === 'ON_ACCOUNT') return true;
  if (FINANCE_CONTACT.some((field) => blank(draft[field]))) return false;
  if (!emailValid(draft.finance_email_address) || !financeContactNumberValid(draft.finance_contact_number)) return false;
  return financeValueRefusal(rows, draft.finance_target) === null;
}

export function quoteFinanceFigures(rows: readonly PricedRow[], draft: QuoteDraft, shipping: string): FinanceFigures {
  return financeFigures(financeLinesOf(rows), draft.finance_target, shipping, draft.finance_term_length ?? 60);
}
