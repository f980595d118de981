import type { Knex } from 'knex';
import type { CheckoutInput } from '../../generated/types';
import { decodeRow } from '../../db/codec';
import { readTogether } from '../../db/readTogether';
import { idOf, nextIdRead } from '../../writes/nextId';
import type { Records } from '../../writes/records';
import { buyerInTransaction } from './checkoutLines';
import { purchaseOrderReads, type PurchaseOrderRead } from './checkoutRules';

type Row = Record<string, unknown>;

/** What a write that places an order (a checkout, a quote accepted) reads before it writes. */
export interface OrderReads {
  /** The lines the order is made of, as stored (the basket's, the quote's). */
  lines: Row[];
  /** The check of the PO number the order will carry, where it reads (purchaseOrderReads). */
  purchaseOrder?: PurchaseOrderRead;
  /** The order's id, taken from its sequence (PostgreSQL): its name is written with its insert. */
  orderId?: number;
}

/**
 * The reads before an order is written, in one round trip on PostgreSQL (readTogether): its lines
 * (`lines`); the lock on the PO number it will carry and the read of an order carrying it, where
 * the organisation forces uniqueness; and the order's id. They were three round trips besides the
 * update that wrote the order's name (docs/performance.md, "A checkout's first reads"). The
 * caller's checkPurchaseOrderNumber uses the PO answer, and reads again should its number differ.
 * On SQLite the reads run one by one, and the id comes with the insert.
 */
export async function readBeforeOrder(
  db: Knex,
  lines: Knex.QueryBuilder,
  number: string | null,
  buyer: Parameters<typeof purchaseOrderReads>[2],
): Promise<OrderReads> {
  const purchaseOrder = purchaseOrderReads(db, number, buyer);
  const orderId = nextIdRead(db, 'order');
  const answers = await readTogether(db, [lines, ...purchaseOrder.reads, ...(orderId ? [orderId] : [])]);
  const read = purchaseOrder.answer(answers.slice(1, 1 + purchaseOrder.reads.length));
  return {
    lines: answers[0]!,
    ...(read && { purchaseOrder: read }),
    ...(orderId && { orderId: idOf(answers.at(-1)!) }),
  };
}

/**
 * A checkout's reads once its basket is locked (readBeforeOrder): the basket's lines, and the PO
 * number the request sends, else the basket's: what the basket holds once the request's fields are
 * saved, which checkPurchaseOrder checks with these answers.
 */
export async function firstReads(records: Records, basket: Row, input: CheckoutInput): Promise<OrderReads> {
  const db = records.db;
  const stored = decodeRow<{ id: number; organisation: number; purchase_order_number: string | null }>('basket', basket, [
    'id',
    'organisation',
    'purchase_order_number',
  ]);
  const buyer = await buyerInTransaction(records, stored.organisation);
  const number = input.purchase_order_number !== undefined ? input.purchase_order_number : stored.purchase_order_number;
  return readBeforeOrder(db, db('basket_line_items').where('basket_id', stored.id), number, buyer);
}
