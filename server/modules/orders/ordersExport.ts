import { DomainError } from '../../domain/errors';
import type { EntityName } from '../../generated/entities';
import type { OrderRow } from '../../generated/types';
import { csvDocument } from '../../http/csv';
import { applyScope, toViews } from '../../http/genericList';
import type { Handler } from '../../http/operationDef';
import { unauthenticated } from '../../http/problem';
import { genericMetaOf } from '../../http/recordParts';
import { entities } from '../../generated/entities';

const MAX_ORDERS = 1000;
const HEADER = ['Reference', 'Supplier ref', 'PO number', 'Organisation', 'Total', 'Currency', 'Created', 'Created by', 'Type', 'Status'];

/**
 * POST /orders/export (001 §2, §7): the orders named, in the list's columns, as a CSV file named
 * `orders-<date>.csv`. Only orders the caller's list would show are exported (its scope: the
 * organisation tree of the order:view grant); others are left out as if missing. Cells a
 * spreadsheet would read as a formula are guarded (server/http/csv.ts), as the serials export's are.
 */
export const exportOrders: Handler<'exportOrders'> = async ({ body }, context) => {
  if (!context.user) throw unauthenticated();
  const ids = [...new Set(body.orders)];
  if (ids.length > MAX_ORDERS) throw new DomainError('invalid', 'invalid_body', { field: 'orders', detail: `at most ${MAX_ORDERS} orders at once` });
  const meta = genericMetaOf('listOrders');
  const table = entities[meta.entity as EntityName].table;
  const query = context.db(table).whereIn(`${table}.id`, ids).select(`${table}.*`).orderBy(`${table}.date`, 'desc').orderBy(`${table}.id`, 'asc');
  applyScope(context.db, query, meta, table, context.user);
  const rows = (await toViews(context.db, meta, (await query) as Record<string, unknown>[])) as unknown as OrderRow[];
  const now = new Date(context.now());
  return {
    filename: `orders-${now.toISOString().slice(0, 10)}.csv`,
    content_type: 'text/csv; charset=utf-8',
    content: csvDocument(
      HEADER,
      rows.map((row) => [row.name, row.supplier_ref, row.purchase_order_number, row.organisation?.name, row.total, row.currency, row.date, row.created_by_user?.name, row.order_type, row.status]),
    ),
  };
};
