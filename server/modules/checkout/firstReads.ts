import type { CheckoutInput } from '../../generated/types';
import { decodeRow } from '../../db/codec';
import { readTogether } from '../../db/readTogether';
import { idOf, nextIdRead } from '../../writes/nextId';
import type { Records } from '../../writes/records';
import { buyerInTransaction } from './checkoutLines';
import { purchaseOrderReads, type PurchaseOrderRead } from './checkoutRules';

type Row = Record<string, unknown>;

/** What a checkout reads once its basket is locked, before it writes. */
export interface FirstReads {
  /** The basket's lines as stored. */
  lines: Row[];
  /** The check of the PO number the order will carry, where it reads (purchaseOrderReads). */
  purchaseOrder?: PurchaseOrderRead;
  /** The order's id, taken from its sequence (PostgreSQL): its name is written with its insert. */
  orderId?: number;
}

/**
 * A checkout's reads, in one round trip on PostgreSQL (readTogether): the basket's lines; the lock
 * on the PO number the order will carry and the read of an order carrying it, where the
 * organisation forces uniqueness; and the order's id. They were three round trips besides the
 * update that wrote the order's name (docs/performance.md, "A checkout's first reads"). The number
 * is the one the request sends, else the basket's: what the basket holds once the request's fields
 * are saved, which checkPurchaseOrder checks with these answers (and reads again, should it differ).
 * On SQLite the reads run one by one, as they did, and the id comes with the insert.
 */
export async function firstReads(records: Records, basket: Row, input: CheckoutInput): Promise<FirstReads> {
  const db = records.db;
  const stored = decodeRow<{ id: number; organisation: number; purchase_order_number: string | null }>('basket', basket, [
    'id',
    'organisation',
    'purchase_order_number',
  ]);
  const buyer = await buyerInTransaction(records, stored.organisation);
  const number = input.purchase_order_number !== undefined ? input.purchase_order_number : stored.purchase_order_number;
  const purchaseOrder = purchaseOrderReads(db, number, buyer);
  const orderId = nextIdRead(db, 'order');
  const answers = await readTogether(db, [
    db('basket_line_items').where('basket_id', stored.id),
    ...purchaseOrder.reads,
    ...(orderId ? [orderId] : []),
  ]);
  const read = purchaseOrder.answer(answers.slice(1, 1 + purchaseOrder.reads.length));
  return {
    lines: answers[0]!,
    ...(read && { purchaseOrder: read }),
    ...(orderId && { orderId: idOf(answers.at(-1)!) }),
  };
}
