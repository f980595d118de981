import Decimal from 'decimal.js';
import { financeFigures, type FinanceFigures } from '../../shared/pricing/finance';

/** An order line as the order page reads it (001 §3 Order line item). */
export interface LineFigures {
  readonly price: string | null;
  readonly quantity: number;
  readonly discount: string;
  readonly sub_total_for_item: string | null;
  readonly original_price: string | null;
}

/** A line's total: the stored subtotal, else price × quantity less the discount (percent); null without a price. */
export function lineTotal(line: LineFigures): string | null {
  if (line.sub_total_for_item !== null) return line.sub_total_for_item;
  if (line.price === null) return null;
  return new Decimal(line.price).times(line.quantity).times(new Decimal(100).minus(line.discount)).dividedBy(100).toFixed(4);
}

/** What the line earns over its cost (root's margin column): its total less cost price × quantity; null when either is unknown. */
export function lineMargin(line: LineFigures): string | null {
  const total = lineTotal(line);
  if (total === null || line.original_price === null) return null;
  return new Decimal(total).minus(new Decimal(line.original_price).times(line.quantity)).toFixed(4);
}

/**
 * The margin as a share of the line's total, in percent points (root's "Margin %" column, beside
 * cost price and margin): (total − cost) / total × 100, to two decimals; null when the margin is
 * unknown or the line totals nothing.
 */
export function lineMarginPercent(line: LineFigures): string | null {
  const margin = lineMargin(line);
  const total = lineTotal(line);
  if (margin === null || total === null || new Decimal(total).isZero()) return null;
  return new Decimal(margin).dividedBy(total).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** The sum of the lines' totals (lines without a price count nothing). */
export function linesSubtotal(lines: readonly LineFigures[]): string {
  return lines.reduce((sum, line) => sum.plus(lineTotal(line) ?? 0), new Decimal(0)).toFixed(4);
}

/**
 * What the order comes to (the footer's Total): its goods total (an order's `total` excludes
 * shipping, as the orders list shows it) and the shipping cost.
 */
export function orderTotalWithShipping(order: { readonly total: string | null; readonly ship_cost: string | null }): string | null {
  if (order.total === null) return null;
  return new Decimal(order.total).plus(order.ship_cost ?? 0).toFixed(4);
}

/** What the finance summary of an order needs (001 §9): its lines, shipping, target and term. */
export interface FinancedOrder {
  readonly line_items: readonly (LineFigures & { readonly markup: string | null })[];
  readonly ship_cost: string | null;
  readonly finance_target: 'SELF' | 'CUSTOMER' | null;
  readonly finance_term_length: number | null;
}

/**
 * The finance summary of a FINANCE order (001 §9: term, monthly payment, cost of finance, total
 * paid), by the checkout's own rules (shared/pricing/finance.ts) over the lines as ordered and the
 * shipping: checkout financed only orders whose every line was financeable. Null without a term.
 */
export function orderFinance(order: FinancedOrder): FinanceFigures | null {
  if (order.finance_term_length === null) return null;
  const lines = order.line_items.map((line) => ({
    net: lineTotal(line) ?? '0',
    quantity: line.quantity,
    markup: line.markup,
    rrp: null,
    is_financeable: true,
    is_shippable: true,
  }));
  return financeFigures(lines, order.finance_target, order.ship_cost ?? '0', order.finance_term_length);
}
