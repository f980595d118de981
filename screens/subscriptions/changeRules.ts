import type { MessageKey } from '../../runtime/generated/messages';

/** A breakdown line as GET /subscriptions/{id}/products answers it. */
export interface BreakdownRow {
  id: number;
  quantity: number;
  product: { id: number; name: string; product_code: string; subscription_product_type: string | null } | null;
  rate_plan: string | null;
  recurring_cost: string | null;
  total_contract_value: string | null;
  min_quantity: number;
  max_quantity: number | null;
  volume_ranges: { starting_unit: number | null; ending_unit: number | null }[];
}

/** 001 §4: an order of the history is open unless FAILED, CANCELLED or COMPLETE. */
export const isOpenOrder = (order: { status: string }) => !['FAILED', 'CANCELLED', 'COMPLETE'].includes(order.status);

/**
 * Why the quantities cannot be edited at all (001 §6), or null: root users, a subscription that is
 * not ACTIVE, ACRONIS and ZOOM (changed with the vendor), a pending change, an open order. Before
 * those, a user who may not place the order (`mayOrder`: order:checkout granted over the
 * subscription's organisation), whom the server would refuse.
 */
export function lockedReason(
  subscription: Readonly<Record<string, unknown>>,
  root: boolean,
  openOrders: number,
  mayOrder: boolean,
): MessageKey | null {
  if (root) return 'subscriptions.root_tooltip';
  if (!mayOrder) return 'subscriptions.no_checkout_tooltip';
  if (subscription['status'] !== 'ACTIVE') return 'subscriptions.pending_sub_tooltip';
  if (subscription['type'] === 'ACRONIS' || subscription['type'] === 'ZOOM') return 'subscriptions.vendor_quantity_tooltip';
  if (subscription['pending_change'] === true) return 'subscriptions.pending_change_tooltip';
  if (openOrders > 0) return 'subscriptions.pending_order_tooltip';
  return null;
}

/** What is wrong with a typed quantity (001 §5), or null: a whole number from the original quantity up to the plan's maximum. */
export function quantityProblem(row: BreakdownRow, typed: string): { key: MessageKey; values: Record<string, number> } | null {
  const quantity = Number(typed);
  if (typed.trim() === '' || !Number.isInteger(quantity) || quantity < row.min_quantity)
    return { key: 'subscriptions.min_quantity_tooltip', values: { min: row.min_quantity } };
  if (row.max_quantity !== null && quantity > row.max_quantity)
    return { key: 'subscriptions.max_quantity_tooltip', values: { max: row.max_quantity } };
  return null;
}

/** The change order's lines: each product raised, by how much (001 §5: increases only). */
export function increases(rows: readonly BreakdownRow[], typed: Readonly<Record<number, string>>): { product: number; quantity: number }[] {
  return rows.flatMap((row) => {
    const value = typed[row.id];
    if (value === undefined || !row.product) return [];
    const increase = Number(value) - row.quantity;
    return Number.isInteger(increase) && increase > 0 ? [{ product: row.product.id, quantity: increase }] : [];
  });
}
