import { createHash } from 'node:crypto';
import { FINANCE_REFUSAL_FIELD, financeRefusal, type FinanceDetails } from '../../../shared/pricing/finance';
import { decodeValue } from '../../db/codec';
import { DomainError } from '../../domain/errors';
import { entities } from '../../generated/entities';
import type { Records, UpdateOptions } from '../../writes/records';
import { financeLineOf } from './checkoutLines';
import { checkShipping, type BasketState } from './basketState';

type Row = Record<string, unknown>;

/** The basket's own fields an approval covers: payment, shipping and finance (the approval flags aside). */
const APPROVED_FIELDS = /^(finance_|shipping_)|^payment_type$/;
const NOT_APPROVED = new Set(['finance_approved', 'finance_approval']);

/**
 * What an approval is given for, as one SHA-256: every line as priced now (product, quantity,
 * plan, maintenance, provisioning, discount, markup, unit price and net), the shipping cost the
 * finance covers, the buyer's currency and each payment, shipping and finance field of the basket.
 * Any write that changes one of them, by any path, and any change of price, yields another value.
 */
export function approvalFingerprint(state: BasketState, shipping: string): string {
  const basket = state.basket as Row;
  const fields = Object.keys(basket)
    .filter((field) => APPROVED_FIELDS.test(field) && !NOT_APPROVED.has(field))
    .sort();
  const lines = [...state.lines]
    .sort((a, b) => a.row.id - b.row.id)
    .map(({ row, priced }) =>
      [
        row.id,
        row.product,
        row.quantity,
        row.selected_rate_plan,
        row.maintenance_product,
        row.prov_product,
        row.discount,
        row.markup,
        priced.unitPrice?.toString() ?? null,
        priced.net.toFixed(2),
      ].map((value) => (value === null || value === undefined ? null : String(value))),
    );
  const details = fields.map((field) => [field, basket[field] === undefined || basket[field] === null ? null : String(basket[field])]);
  const payload = JSON.stringify({ currency: state.buyer.currency, shipping, details, lines });
  return createHash('sha256').update(payload).digest('hex');
}

/**
 * The shipping an application finances: the chosen method's cost when the basket ships and the
 * method can ship it to its address, else none yet. Sets state.shipping as checkShipping does.
 */
export async function financedShipping(records: Records, state: BasketState): Promise<string> {
  if (!state.shippable || state.basket.shipping_type === null) return '0.00';
  try {
    await checkShipping(state);
    return state.shipping;
  } catch {
    return '0.00';
  }
}

/** Records the provider's yes for the basket exactly as it stands (000 §4). */
export async function recordApproval(records: Records, basketId: number, state: BasketState, shipping: string): Promise<void> {
  await records.update('basket', basketId, { finance_approved: true, finance_approval: approvalFingerprint(state, shipping) });
}

/**
 * Checkout on FINANCE (000 §4, §5): the basket must be the one approved — same lines, quantities,
 * prices, shipping and finance details — and still qualify by the hub's own rules. Whatever path
 * wrote the basket since (a line added, a quick order, a price change), a basket that no longer
 * matches its approval is refused (422 finance_not_approved) and must apply again. `shipping` is
 * the cost checkShipping has just set on a basket that passed it: what financedShipping would
 * answer, without reading and pricing the shipping types a second time.
 */
export async function checkApprovalHolds(records: Records, state: BasketState, shipping: string): Promise<void> {
  const approved = state.basket.finance_approved ? (state.basket as Row)['finance_approval'] : null;
  if (typeof approved !== 'string' || approved !== approvalFingerprint(state, shipping)) {
    throw new DomainError('unprocessable', 'finance_not_approved', {
      field: 'payment_type',
      detail: 'the basket has changed since finance was approved: apply again',
    });
  }
  const refusal = financeRefusal(state.lines.map(financeLineOf), state.basket as unknown as FinanceDetails);
  if (refusal)
    throw new DomainError('unprocessable', refusal, {
      field: FINANCE_REFUSAL_FIELD[refusal],
      detail: 'the basket no longer qualifies for finance',
    });
}

async function storedFingerprint(records: Records, basketId: number): Promise<string> {
  const basket = (await records.db('baskets').where('id', basketId).first()) as Row | undefined;
  if (!basket) return '';
  const fields = Object.keys(basket)
    .filter((column) => APPROVED_FIELDS.test(column) && !NOT_APPROVED.has(column))
    .sort();
  const lines = (await records
    .db('basket_line_items')
    .where('basket_id', basketId)
    .orderBy('id')
    .select('id', 'product_id', 'quantity', 'selected_rate_plan_id', 'maintenance_product_id', 'prov_product_id', 'markup')) as Row[];
  return JSON.stringify([
    fields.map((column) => basket[column] ?? null),
    lines.map((line) => Object.values(line).map((value) => (value === null ? null : String(value)))),
  ]);
}

/**
 * Runs a write of a basket and clears its approval flag when the write changed anything the
 * approval was given for, so the basket page and the wizard show at once that finance must be
 * applied for again. Checkout does not rely on it: checkApprovalHolds compares the approval itself.
 */
export async function withApprovalKept<T>(records: Records, basketId: number, write: () => Promise<T>): Promise<T> {
  const before = await storedFingerprint(records, basketId);
  const result = await write();
  if ((await storedFingerprint(records, basketId)) !== before) await clearApproval(records, basketId);
  return result;
}

/**
 * Clears a basket's approval (flag and fingerprint) when it has one. `stored`: the basket's row as
 * the transaction has it (locked), not read again; answered as it is stored after, written as
 * `options` say (a checkout's, on settling).
 */
export async function clearApproval(
  records: Records,
  basketId: number,
  stored?: Row,
  options: UpdateOptions = {},
): Promise<Row | undefined> {
  const row = stored ?? ((await records.db('baskets').where('id', basketId).first('finance_approved')) as Row | undefined);
  if (!row || !decodeValue(entities.basket.fields.finance_approved, row['finance_approved'])) return stored;
  const cleared = { finance_approved: false, finance_approval: null };
  if (stored) return (await records.updateStored('basket', stored, cleared, options)).row;
  await records.update('basket', basketId, cleared);
  return undefined;
}
