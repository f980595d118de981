import { financeFigures, financeValueRefusal as goodsRefusal, type FinanceFigures, type FinanceLine } from '../../shared/pricing/finance';
import { quoteFinanceOffered, quoteFinanceRefusal } from '../../shared/pricing/quoteFinance';
import { emailValid } from '../checkout/completeness';
import type { PricedRow, QuoteDraft } from './quoteDraft';

/**
 * The quote's Payment tab (001 §3 Quote payment_type, finance): paid on account, or financed with
 * the finance contact of 001 §3 (title, first and last name, e-mail, contact number, term and
 * whom for). The rules are shared/pricing/quoteFinance's, which the server applies again at
 * publish and at acceptance (docs/quotes.md "Finance").
 */
export const financeLinesOf = (rows: readonly PricedRow[]): FinanceLine[] =>
  rows.map(({ priced, product }) => ({
    net: priced.net.toFixed(2),
    quantity: priced.quantity,
    markup: null,
    rrp: product.rrp,
    is_financeable: product.is_financeable,
    is_shippable: product.is_shippable,
  }));

/** Finance is offered on a GBP quote with a financeable line. */
export const financeOffered = (rows: readonly PricedRow[], currency: string | null): boolean =>
  quoteFinanceOffered(financeLinesOf(rows), currency);

/** Why the quote's goods cannot be financed (000 §5's value rules), or null. */
export const financeValueRefusal = (rows: readonly PricedRow[], target: 'SELF' | 'CUSTOMER' | null) =>
  goodsRefusal(financeLinesOf(rows), target);

/** The payment step is complete: on account, or a financeable quote with the whole, valid finance contact. */
export function paymentComplete(draft: QuoteDraft, rows: readonly PricedRow[], currency: string | null): boolean {
  if (draft.payment_type === 'ON_ACCOUNT') return true;
  return emailValid(draft.finance_email_address) && quoteFinanceRefusal(financeLinesOf(rows), currency, draft) === null;
}

export function quoteFinanceFigures(rows: readonly PricedRow[], draft: QuoteDraft, shipping: string): FinanceFigures {
  return financeFigures(financeLinesOf(rows), draft.finance_target, shipping, draft.finance_term_length ?? 60);
}
