import Decimal from 'decimal.js';
import { vatOn } from './money';
import type { PricedLine } from './lines';

export interface BasketTotals {
  /** Σ line nets: goods excluding tax and shipping (what the baskets list shows as total). */
  subtotal: Decimal;
  /** Σ line discounts, for the summary. */
  discount: Decimal;
  shipping: Decimal;
  /** VAT 20 % on goods and shipping, to the penny (000 §9). */
  vat: Decimal;
  /** subtotal + shipping + VAT. */
  total: Decimal;
  /** Σ end-user prices (net plus markup): the customer's view of the goods. */
  endUserSubtotal: Decimal;
}

/**
 * A basket's totals from its priced lines. Each line is already to the penny, so the subtotal
 * is exact; VAT is taken once on the sum (not per line), which is how an invoice states it.
 * Shipping is the checkout's (shared/pricing/shipping.ts); absent, it is zero.
 */
export function basketTotals(lines: readonly PricedLine[], shipping: Decimal | null = null): BasketTotals {
  const subtotal = lines.reduce((sum, line) => sum.plus(line.net), new Decimal(0));
  const discount = lines.reduce((sum, line) => sum.plus(line.discountAmount), new Decimal(0));
  const endUserSubtotal = lines.reduce((sum, line) => sum.plus(line.endUserTotal), new Decimal(0));
  const shippingCost = shipping ?? new Decimal(0);
  const vat = vatOn(subtotal.plus(shippingCost));
  return { subtotal, discount, shipping: shippingCost, vat, total: subtotal.plus(shippingCost).plus(vat), endUserSubtotal };
}
