import { openPortalDatabase } from './portal';
import { writeVersionedRows } from '../../../server/testing/versionedRows';

/**
 * Orders are never deleted through the API (a cancelled order is kept), but the browser tests
 * share one database and the order lists' tests count the demo's orders. A spec that places
 * orders notes the newest order id before it starts and removes what it placed once it is done.
 */
const openDatabase = () => openPortalDatabase();

/** The newest order's id now (0 for none). */
export async function newestOrderId(): Promise<number> {
  const db = openDatabase();
  try {
    const row = (await db('orders').max({ id: 'id' }).first()) as { id: number | null } | undefined;
    return Number(row?.id ?? 0);
  } finally {
    await db.destroy();
  }
}

/** Removes the orders placed after `since` with their lines, units, shipments and references. */
export async function removeOrdersPlacedAfter(since: number): Promise<void> {
  const db = openDatabase();
  try {
    await writeVersionedRows(db, async (trx) => {
      const placed = trx('orders').where('id', '>', since).select('id');
      await trx('shipment_items').whereIn('shipment_id', trx('shipments').whereIn('order_id', placed).select('id')).delete();
      for (const table of ['order_units', 'order_line_items', 'order_linked_supplier_refs', 'shipments'])
        await trx(table).whereIn('order_id', placed).delete();
      for (const table of ['subscriptions', 'quotes']) await trx(table).whereIn('order_id', placed).update({ order_id: null });
      await trx('orders').where('id', '>', since).delete();
    });
  } finally {
    await db.destroy();
  }
}
