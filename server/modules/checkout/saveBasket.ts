import type { CheckoutInput } from '../../generated/types';
import { DomainError } from '../../domain/errors';
import type { Records } from '../../writes/records';

type LineInput = NonNullable<CheckoutInput['line_items']>[number];

/**
 * Fields whose change clears an approved finance application (000 §4: "cleared whenever the
 * finance details, line items, shipping address or shipping type change").
 */
const APPROVAL_FIELDS = /^(finance_|shipping_)|^payment_type$/;

/** Per-line details that say who gets a subscription; empty pairs are stored as none (000 §4 Save). */
const PAIRS: readonly (readonly [keyof Omit<LineInput, 'id'>, keyof Omit<LineInput, 'id'>])[] = [
  ['dropbox_team_name', 'dropbox_admin_email'],
  ['acronis_tenant_name', 'acronis_admin_email'],
];

function blank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * Saves the basket as the wizard sends it (000 §4 Place order and Save for later): its details,
 * shipping and finance fields; each sent line's quantity and subscription details, a line sent
 * with quantity 0 removed, and any stored zero-quantity line dropped. Approval of finance is the
 * server's alone: it is cleared by any change that could alter what was approved. Answers
 * whether anything that bears on the approval changed.
 */
export async function saveBasket(records: Records, basketId: number, input: CheckoutInput): Promise<{ approvalCleared: boolean }> {
  const { line_items: lineInputs = [], shipping_type, ...details } = input;
  const values: Record<string, unknown> = { ...details };
  if (shipping_type !== undefined) values['shipping_type'] = shipping_type;
  const changes = await records.update('basket', basketId, values);
  let approvalAffected = changes.some((change) => APPROVAL_FIELDS.test(change.field));

  const stored = (await records.db('basket_line_items').where('basket_id', basketId).select('id', 'quantity')) as { id: number; quantity: number }[];
  const storedIds = new Set(stored.map((row) => Number(row.id)));
  const auditOn = (id: number) => ({ entity: 'basket' as const, id: basketId, field: 'line_items', value: `line ${id}` });
  for (const line of lineInputs) {
    // A line of another basket is as unknown as a missing one.
    if (!storedIds.has(line.id)) throw new DomainError('unprocessable', 'unknown_value', { field: 'line_items', detail: `line ${line.id} is not in this basket` });
    const { id, ...lineValues } = line;
    if (lineValues.quantity === 0) continue;
    for (const [first, second] of PAIRS) {
      if (first in lineValues && second in lineValues && blank(lineValues[first]) && blank(lineValues[second])) {
        Object.assign(lineValues, { [first]: null, [second]: null });
      }
    }
    const lineChanges = await records.update('basket_line_item', id, lineValues, { auditOn: auditOn(id) });
    if (lineChanges.some((change) => change.field === 'quantity')) approvalAffected = true;
  }
  const dropped = new Set([
    ...lineInputs.filter((line) => line.quantity === 0).map((line) => line.id),
    ...stored.filter((row) => Number(row.quantity) === 0).map((row) => Number(row.id)),
  ]);
  for (const id of dropped) await records.remove('basket_line_item', id, { auditOn: auditOn(id) });
  if (dropped.size > 0) approvalAffected = true;

  if (approvalAffected) await records.update('basket', basketId, { finance_approved: false });
  return { approvalCleared: approvalAffected };
}
