/** Where /webstore/checkout goes (000 §2.1): a route name and its parameters. */
export interface CheckoutTarget {
  route: 'basket_checkout' | 'baskets';
  params: Record<string, string>;
}

/** The list call the decision needs: only baskets with lines, and two are enough to tell "exactly one". */
export const CHECKOUT_QUERY = { has_line_items: true, per_page: 2 } as const;

/**
 * The checkout of the one basket with line items, else the baskets list (none, or several to
 * choose from). `basketsWithLines` is the first page of CHECKOUT_QUERY; `total` its x-total-count.
 */
export function checkoutTarget(basketsWithLines: readonly { id: number }[], total: number): CheckoutTarget {
  const [only] = basketsWithLines;
  if (total === 1 && basketsWithLines.length === 1 && only) return { route: 'basket_checkout', params: { id: String(only.id) } };
  return { route: 'baskets', params: {} };
}
