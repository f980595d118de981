import type { Records } from '../../writes/records';

type Row = Record<string, unknown>;

/** What an approval was given for: the finance and shipping fields, the payment type and the lines. */
async function fingerprint(records: Records, basketId: number): Promise<string> {
  const basket = (await records.db('baskets').where('id', basketId).first()) as Row | undefined;
  if (!basket) return '';
  const fields = Object.keys(basket).filter((column) => /^(finance_|shipping_)|^payment_type$/.test(column) && column !== 'finance_approved').sort();
  const lines = (await records.db('basket_line_items').where('basket_id', basketId).orderBy('id')
    .select('id', 'product_id', 'quantity', 'selected_rate_plan_id', 'maintenance_product_id', 'prov_product_id', 'markup')) as Row[];
  return JSON.stringify([fields.map((column) => basket[column] ?? null), lines.map((line) => Object.values(line).map((value) => (value === null ? null : String(value))))]);
}

/**
 * Runs a write of a basket and clears its finance approval when the write changed anything the
 * approval was given for (000 §4: finance details, line items, shipping address or shipping type).
 * Every basket save goes through it (the basket page's PUT and the checkout's save), so an approval
 * never outlives what it approved.
 */
export async function withApprovalKept<T>(records: Records, basketId: number, write: () => Promise<T>): Promise<T> {
  const before = await fingerprint(records, basketId);
  const result = await write();
  if ((await fingerprint(records, basketId)) !== before) {
    const approved = (await records.db('baskets').where('id', basketId).first('finance_approved')) as { finance_approved: unknown } | undefined;
    if (approved && Boolean(approved.finance_approved)) await records.update('basket', basketId, { finance_approved: false });
  }
  return result;
}
