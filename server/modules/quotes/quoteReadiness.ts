import { isShippable } from '../../../shared/pricing/shipping';
import {
  missingQuoteFinanceField,
  QUOTE_FINANCE_CONTACT,
  quoteFinanceRefusal,
  type QuoteFinanceContact,
} from '../../../shared/pricing/quoteFinance';
import { DomainError } from '../../domain/errors';
import type { ShippingRule } from '../../../shared/pricing/shipping';
import { requireShippingCost } from '../checkout/checkoutLines';
import type { QuoteProduct, StoredQuoteLine } from './quoteLines';
import { shippingLinesOf, type QuoteRecord } from './quoteTotals';

/**
 * What a quote must be before it is sent and again before it is ordered (001 §2's "shipping
 * complete" and the Payment tab, 001 §5 "Quote accept"): the server's own check of what the
 * editor's gates check for comfort. Publishing and accepting share it, so a quote that went out
 * complete is still complete when ordered unless the recipient changed it.
 */

/**
 * The shipping a quote's lines need: null when nothing ships, else its cost for the chosen method;
 * refuses an incomplete address or a method not offered there. `rules` reads the shipping rules
 * only when something ships (acceptance takes them from the catalogue's cache).
 */
export async function requireCompleteShipping(
  rules: () => Promise<ShippingRule[]>,
  quote: QuoteRecord,
  lines: readonly StoredQuoteLine[],
  products: ReadonlyMap<number, QuoteProduct>,
): Promise<{ shippable: boolean; cost: string | null }> {
  const shipLines = shippingLinesOf(lines, products);
  if (!isShippable(shipLines)) return { shippable: false, cost: null };
  const cost = await requireShippingCost(rules, quote, shipLines, 'quote');
  return { shippable: true, cost };
}

/** A financed quote's contact and value rules (shared/pricing/quoteFinance), on the lines as stored; nothing to check on account. */
export function requireQuoteFinance(
  quote: QuoteRecord,
  lines: readonly StoredQuoteLine[],
  products: ReadonlyMap<number, QuoteProduct>,
): void {
  if (quote.payment_type !== 'FINANCE') return;
  const financeLines = lines.map((line) => {
    const product = products.get(line.product);
    return {
      net: line.sub_total_for_item ?? '0',
      quantity: product ? line.quantity : 0,
      markup: null,
      rrp: product?.rrp ?? null,
      is_financeable: product?.is_financeable ?? false,
      is_shippable: product?.is_shippable ?? false,
    };
  });
  const contact: QuoteFinanceContact = Object.fromEntries(QUOTE_FINANCE_CONTACT.map((field) => [field, quote[field]]));
  const refusal = quoteFinanceRefusal(financeLines, quote.currency, contact);
  if (refusal === null) return;
  const field =
    refusal === 'contact_number_regex'
      ? 'finance_contact_number'
      : refusal === 'checkout_complete_required_fields'
        ? missingQuoteFinanceField(contact)
        : null;
  throw new DomainError('unprocessable', refusal, { ...(field ? { field } : {}), detail: `a financed quote: ${refusal}` });
}
