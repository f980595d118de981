import type { CheckoutInput } from '../../generated/types';
import { decodeRow } from '../../db/codec';
import { DomainError } from '../../domain/errors';
import { entities } from '../../generated/entities';
import type { Records } from '../../writes/records';
import { clearApproval } from './financeApproval';
import { isBlank } from '../../../shared/text/blank';

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

/** A value as a comparison of lines sees it: text trimmed, blank as none (what the write path would store). */
const comparable = (value: unknown) => (isBlank(value) ? null : typeof value === 'string' ? value.trim() : value);

/**
 * 000 §6: changing a basket's lines (a quantity, a line removed, a subscription detail) is an edit
 * of the basket and needs order:modify_draft; a checkout by a user without it may send the lines
 * only as they are stored. The first changed field is refused (403), named by its position in the
 * lines sent, before anything is written.
 */
function refuseLineEdits(lineInputs: readonly LineInput[], stored: readonly Record<string, unknown>[]): void {
  lineInputs.forEach((line, index) => {
    const row = stored.find((candidate) => candidate['id'] === line.id);
    if (!row) return;
    const { id: _id, ...sent } = line;
    const field = Object.entries(sent).find(([name, value]) => value !== undefined && comparable(value) !== comparable(row[name]))?.[0];
    if (field)
      throw new DomainError('forbidden', 'basket_lines_read_only', {
        field: `line_items/${index}/${field}`,
        detail: `line ${line.id}: changing a basket's lines needs order:modify_draft`,
      });
  });
}

export interface SaveOptions {
  /** The caller holds order:modify_draft (000 §6): they may change the basket's lines as well as the checkout's fields. */
  linesEditable: boolean;
  /** The basket's stored row as the transaction read it, its record locked (the router's): not read again. */
  basket?: Record<string, unknown>;
  /** The basket's stored lines as the transaction read them, after the lock: not read again. */
  lines?: Record<string, unknown>[];
  /**
   * With `basket`: the basket's own update waits for the settling (updateStored's `onSettle`), for a
   * checkout, which deletes the basket there: the update then gives way to the delete, a round trip
   * less on PostgreSQL, and is audited all the same. Nothing may read the basket's row from the
   * database after it: what follows works from the row answered (`Saved.basket`).
   */
  onSettle?: boolean;
}

export interface Saved {
  approvalCleared: boolean;
  /** The stored lines as read, when the save changed none of them (checkout prices them without reading them again). */
  lines?: Record<string, unknown>[];
  /** The basket's row as now stored, when the save was given it. */
  basket?: Record<string, unknown>;
}

/**
 * Saves the basket as the wizard sends it (000 §4 Place order and Save for later): its details,
 * shipping and finance fields; each sent line's quantity and subscription details, a line sent
 * with quantity 0 removed, and any stored zero-quantity line dropped. Approval of finance is the
 * server's alone: it is cleared by any change that could alter what was approved. Answers
 * whether anything that bears on the approval changed.
 */
export async function saveWizardInput(records: Records, basketId: number, input: CheckoutInput, options: SaveOptions): Promise<Saved> {
  const { line_items: lineInputs = [], shipping_type, ...details } = input;
  const storedRows = options.lines ?? ((await records.db('basket_line_items').where('basket_id', basketId)) as Record<string, unknown>[]);
  const stored = storedRows.map((row) =>
    decodeRow<Record<string, unknown> & { id: number; quantity: number }>(
      'basket_line_item',
      row,
      Object.keys(entities.basket_line_item.fields),
    ),
  );
  const storedIds = new Set(stored.map((row) => row.id));
  for (const line of lineInputs) {
    // A line of another basket is as unknown as a missing one.
    if (!storedIds.has(line.id))
      throw new DomainError('unprocessable', 'unknown_value', { field: 'line_items', detail: `line ${line.id} is not in this basket` });
  }
  if (!options.linesEditable) refuseLineEdits(lineInputs, stored);
  const values: Record<string, unknown> = { ...details };
  if (shipping_type !== undefined) values['shipping_type'] = shipping_type;
  let basket = options.basket;
  const onSettle = options.onSettle === true && basket !== undefined;
  let changes;
  if (basket) ({ changes, row: basket } = await records.updateStored('basket', basket, values, { onSettle }));
  else changes = await records.update('basket', basketId, values);
  let approvalAffected = changes.some((change) => APPROVAL_FIELDS.test(change.field));

  let linesChanged = false;
  const auditOn = (id: number) => ({ entity: 'basket' as const, id: basketId, field: 'line_items', value: `line ${id}` });
  for (const line of lineInputs) {
    const { id, ...lineValues } = line;
    if (lineValues.quantity === 0) continue;
    for (const [first, second] of PAIRS) {
      if (first in lineValues && second in lineValues && isBlank(lineValues[first]) && isBlank(lineValues[second])) {
        Object.assign(lineValues, { [first]: null, [second]: null });
      }
    }
    const lineChanges = await records.update('basket_line_item', id, lineValues, { auditOn: auditOn(id) });
    if (lineChanges.length > 0) linesChanged = true;
    if (lineChanges.some((change) => change.field === 'quantity')) approvalAffected = true;
  }
  const dropped = new Set([
    ...lineInputs.filter((line) => line.quantity === 0).map((line) => line.id),
    ...stored.filter((row) => row.quantity === 0).map((row) => row.id),
  ]);
  for (const id of dropped) await records.remove('basket_line_item', id, { auditOn: auditOn(id) });
  if (dropped.size > 0) approvalAffected = true;

  if (approvalAffected) basket = await clearApproval(records, basketId, basket, { onSettle });
  return {
    approvalCleared: approvalAffected,
    ...(!linesChanged && dropped.size === 0 && { lines: storedRows }),
    ...(basket && { basket }),
  };
}
