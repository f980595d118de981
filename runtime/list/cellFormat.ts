import { formatDate, formatDateTime } from '../format/dates';
import { formatMoney } from '../format/money';
import type { Comparison, GenericColumn, RowCase, RowCondition } from './genericListConfig';

export type ListRow = Readonly<Record<string, unknown>>;

/** What formatting needs from outside the row: the user's currency and zone, and the messages. */
export interface CellContext {
  /** The user's currency, for money rows that carry no `currency` of their own. */
  currency: string;
  timezone: string;
  /** The text of a message key, or null when the catalogue has no such key. */
  message: (key: string) => string | null;
}

/** An object cell (a ref such as an organisation) shows its name. */
function nameOf(value: object): string {
  const name = (value as { name?: unknown }).name;
  return typeof name === 'string' || typeof name === 'number' ? String(name) : '';
}

function withinBounds(value: unknown, bounds: Comparison): boolean {
  return typeof value === 'number' && value > bounds.gt;
}

/** Whether every property of the condition holds in the row: a value equal (a missing one counts as null), or within bounds. */
export function rowMeets(condition: RowCondition, row: ListRow): boolean {
  return Object.entries(condition).every(([field, wanted]) =>
    Array.isArray(wanted)
      ? (wanted as readonly unknown[]).includes(row[field] ?? null)
      : wanted !== null && typeof wanted === 'object'
        ? withinBounds(row[field], wanted as Comparison)
        : (row[field] ?? null) === wanted,
  );
}

/** The texts of the cases whose condition the row meets. */
export function matchingLabels(cases: readonly RowCase[], row: ListRow, context: CellContext): string[] {
  return cases.filter((rowCase) => rowMeets(rowCase.when, row)).map((rowCase) => context.message(rowCase.label) ?? rowCase.label);
}

/** A column's warning tooltip: the matching warnings, each a sentence, or null when none applies. */
export function warningText(column: GenericColumn, row: ListRow, context: CellContext): string | null {
  const labels = column.warnings ? matchingLabels(column.warnings, row, context) : [];
  return labels.length === 0 ? null : labels.join('. ');
}

/** The text of one cell, by the column's format (money, dates, enum labels, yes/no), or its cases. */
export function formatCell(column: GenericColumn, row: ListRow, context: CellContext): string {
  if (column.cases) {
    const labels = matchingLabels(column.cases, row, context);
    if (labels.length > 0) return labels.join(', ');
    return column.otherwise ? (context.message(column.otherwise) ?? column.otherwise) : '';
  }
  const value = row[column.field];
  if (value === null || value === undefined) {
    // A fallback property stands in as it is (000 §2.7: a basket without a name shows its id).
    const fallback = column.fallback === undefined ? undefined : row[column.fallback];
    return typeof fallback === 'string' || typeof fallback === 'number' ? String(fallback) : '';
  }
  if (typeof value === 'object') return nameOf(value);
  switch (column.format) {
    case 'money': {
      const currency = column.currency ?? (typeof row.currency === 'string' && row.currency ? row.currency : context.currency);
      return formatMoney(String(value), currency) ?? '';
    }
    case 'date':
      return formatDate(String(value));
    case 'datetime':
      return formatDateTime(String(value), context.timezone);
    case 'enum':
      return (column.enum && context.message(`${column.enum}.${String(value)}`)) || String(value);
    case 'boolean':
      return context.message(value === true ? 'list.yes' : 'list.no') ?? String(value);
    case 'text':
      return String(value);
  }
}

/** The value a dotted path names in a row (`account_manager.account_manager_name`); undefined when absent. */
export function valueAt(row: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      row,
    );
}

/** The `id` parameter of a link cell: the row's `linkParam` field or dotted path (default `id`), or null when absent. */
export function linkId(column: GenericColumn, row: ListRow): string | null {
  const id = valueAt(row, column.linkParam ?? 'id');
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}
