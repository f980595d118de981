import { DomainError, notSignedIn } from '../../domain/errors';
import type { EntityName } from '../../generated/entities';
import type { OrderRow } from '../../generated/types';
import { csvDocument } from '../../http/csv';
import { applyScope } from '../../reads/genericList';
import { toViews } from '../../reads/recordViews';
import type { Handler } from '../../http/operationDef';
import { genericMetaOf } from '../../reads/recordParts';
import { entities } from '../../generated/entities';
import { serverMessages, type ServerMessageKey } from '../../generated/serverMessages';
import { formatDate, INTL_LOCALES } from '../../../shared/format/dates';

const MAX_ORDERS = 1000;

/** The list's columns (spec/screens/orders.yaml) by their labels, then the codes beside them. */
const HEADINGS = [
  'orders.reference',
  'orders.supplier_ref',
  'orders.purchase_order_number',
  'orders.organisation',
  'orders.total',
  'orders.currency',
  'orders.created',
  'orders.created_by',
  'orders.order_type',
  'orders.status',
  'orders.order_type_code',
  'orders.status_code',
] as const satisfies readonly ServerMessageKey[];

type Locale = keyof typeof serverMessages;
const localeOf = (language: string): Locale => (Object.hasOwn(serverMessages, language) ? (language as Locale) : 'en');

/**
 * POST /orders/export (001 §2, §7): the orders named, in the list's columns, as a CSV file named
 * `orders-<date>.csv`. Only orders the caller's list would show are exported (its scope: the
 * organisation tree of the order:view grant); others are left out as if missing. Cells a
 * spreadsheet would read as a formula are guarded (server/http/csv.ts), as the serials export's are.
 * Headings, order types and statuses are the list's labels in the caller's language, and the date
 * is the list's (`5th Mar 2026`); the type and status codes follow in columns of their own, for
 * spreadsheets that filter by them; the total stays a plain decimal beside its currency
 * (docs/after-sale.md "Orders export").
 */
export const exportOrders: Handler<'exportOrders'> = async ({ body }, context) => {
  if (!context.user) throw notSignedIn();
  const ids = [...new Set(body.orders)];
  if (ids.length > MAX_ORDERS)
    throw new DomainError('invalid', 'invalid_body', { field: 'orders', detail: `at most ${MAX_ORDERS} orders at once` });
  const meta = genericMetaOf('listOrders');
  const table = entities[meta.entity as EntityName].table;
  const query = context
    .db(table)
    .whereIn(`${table}.id`, ids)
    .select(`${table}.*`)
    .orderBy(`${table}.date`, 'desc')
    .orderBy(`${table}.id`, 'asc');
  applyScope(context.db, query, meta, table, context.user);
  const rows = (await toViews(context.db, meta, (await query) as Record<string, unknown>[])) as unknown as OrderRow[];
  const now = new Date(context.now());
  const locale = localeOf(context.user.user_language);
  const messages: Record<string, string> = serverMessages[locale];
  return {
    fileName: `orders-${now.toISOString().slice(0, 10)}.csv`,
    contentType: 'text/csv',
    content: csvDocument(
      HEADINGS.map((key) => messages[key] ?? key),
      rows.map((row) => [
        row.name,
        row.supplier_ref,
        row.purchase_order_number,
        row.organisation?.name,
        row.total,
        row.currency,
        formatDate(row.date, INTL_LOCALES[locale]),
        row.created_by_user?.name,
        messages[`order_type.${row.order_type}`],
        messages[`order_status.${row.status}`],
        row.order_type,
        row.status,
      ]),
    ),
  };
};
