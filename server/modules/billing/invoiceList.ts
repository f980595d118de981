import type { Knex } from 'knex';
import { applyFilters, applyScope } from '../../reads/genericList';
import { toViews } from '../../reads/recordViews';
import type { GenericMeta, Page } from '../../reads/genericMeta';
import type { InvoiceRow, ListInvoicesQuery } from '../../generated/types';
import { orderByText } from '../../db/textOrder';
import type { SessionUser } from '../auth/sessionUser';
import { daysOverdue, dueDateRange, type OverdueFacts } from './daysOverdue';

/**
 * The invoices list as a generic list would serve it (scope, filters, ref expansion), plus what a
 * generic list cannot: days overdue, which depends on today, as a filter, a sort and a column.
 */
const INVOICE_LIST: GenericMeta = {
  kind: 'list',
  entity: 'invoice',
  fields: ['id', 'reference', 'type', 'date', 'due_date', 'purchase_order', 'total', 'currency', 'status'],
  expand: [{ property: 'organisation', via: 'organisation', entity: 'organisation', fields: ['id', 'name', 'depth', 'parent'] }],
  sort: [],
  filters: [
    { param: 'text', match: 'search', fields: ['reference', 'purchase_order'] },
    { param: 'organisation', match: 'subtree', fields: ['organisation'] },
    { param: 'start_date', match: 'gte', fields: ['date'] },
    { param: 'end_date', match: 'lte', fields: ['date'] },
    { param: 'start_due_date', match: 'gte', fields: ['due_date'] },
    { param: 'end_due_date', match: 'lte', fields: ['due_date'] },
    { param: 'value_from', match: 'gte', fields: ['total'] },
    { param: 'value_to', match: 'lte', fields: ['total'] },
    { param: 'status', match: 'in', fields: ['status'] },
    { param: 'type', match: 'in', fields: ['type'] },
  ],
  scope: { kind: 'tree', field: 'organisation' },
};

/** Rows an overdue count can apply to: open invoices (not credit notes) with a due date. */
function whereCanBeOverdue(query: Knex.QueryBuilder): Knex.QueryBuilder {
  return query.where('invoices.type', 'INVOICE').where('invoices.status', 'OPEN').whereNotNull('invoices.due_date');
}

function applyDaysOverdue(query: Knex.QueryBuilder, bucket: ListInvoicesQuery['days_overdue'], today: string): void {
  if (bucket === undefined) return;
  if (bucket === '0') {
    query.whereNot((late) => whereCanBeOverdue(late).where('invoices.due_date', '<', today));
    return;
  }
  const { from, to } = dueDateRange(bucket, today);
  whereCanBeOverdue(query).where('invoices.due_date', '<=', to);
  if (from !== null) query.where('invoices.due_date', '>=', from);
}

const NULLABLE_SORTS = new Set(['due_date', 'purchase_order']);

function applySort(db: Knex, query: Knex.QueryBuilder, sortBy: ListInvoicesQuery['sort_by'], today: string): void {
  const field = sortBy.slice(1);
  const direction = sortBy.startsWith('-') ? 'desc' : 'asc';
  if (field === 'days_overdue') {
    // The later the effective due date, the fewer days overdue; rows that are not overdue count as due today.
    const dueKey = `case when invoices.type = 'INVOICE' and invoices.status = 'OPEN' and invoices.due_date is not null and invoices.due_date < ? then invoices.due_date else ? end`;
    query.orderByRaw(`${dueKey} ${direction === 'asc' ? 'desc' : 'asc'}`, [today, today]);
    return;
  }
  // Empty values last in both directions, the same on SQLite and PostgreSQL.
  if (NULLABLE_SORTS.has(field)) query.orderByRaw(`(?? is null) asc`, [`invoices.${field}`]);
  if (field === 'reference' || field === 'purchase_order') orderByText(db, query, `invoices.${field}`, direction);
  else query.orderBy(`invoices.${field}`, direction);
}

export async function invoicePage(db: Knex, query: ListInvoicesQuery, user: SessionUser, today: string): Promise<Page<InvoiceRow>> {
  const base = db('invoices');
  applyScope(db, base, INVOICE_LIST, 'invoices', user);
  await applyFilters(db, base, INVOICE_LIST, 'invoices', query as unknown as Record<string, unknown>);
  applyDaysOverdue(base, query.days_overdue, today);
  const counted = await base.clone().count({ n: '*' }).first();
  const ordered = base.clone().select('invoices.*');
  applySort(db, ordered, query.sort_by, today);
  const rows = (await ordered
    .orderBy('invoices.id', 'asc')
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)) as Record<string, unknown>[];
  const views = await toViews(db, INVOICE_LIST, rows);
  return {
    rows: views.map((view) => ({ ...view, days_overdue: daysOverdue(view as unknown as OverdueFacts, today) }) as unknown as InvoiceRow),
    total: Number(counted?.['n'] ?? 0),
  };
}
