import { formatCell, valueAt, type CellContext, type ListRow } from '../list/cellFormat';

export { valueAt };
import type { GenericColumn } from '../list/genericListConfig';
import { auditChanges, isChange } from './auditCells';
import { humanise } from './recordFields';

/** A cell of a record tab's child list: text, or a small table for an array of child rows. */
export type ChildCell = { kind: 'text'; text: string } | { kind: 'rows'; columns: string[]; rows: string[][] };

const EMPTY = '—';

function plainText(value: unknown): string {
  return value === null || value === undefined || value === '' ? EMPTY : String(value);
}

/**
 * The cell of a column (its field may be a dotted path): formatted as list cells are (money,
 * dates, enum labels, yes/no; a reference shows its name). An array of child rows (an audit
 * entry's field changes) becomes a small table of their properties other than id.
 */
export function childCell(column: GenericColumn, row: ListRow, context: CellContext): ChildCell {
  const value = valueAt(row, column.field);
  if (Array.isArray(value)) {
    const items = value.filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object');
    if (items.length === 0) return { kind: 'text', text: EMPTY };
    // An audit entry's changes: field labels and values as the record screen shows them.
    const changes = items.filter(isChange);
    if (typeof row['entity_type'] === 'string' && changes.length === items.length)
      return { kind: 'rows', ...auditChanges(row['entity_type'], changes, context) };
    const keys = Object.keys(items[0]!).filter((key) => key !== 'id');
    return { kind: 'rows', columns: keys.map(humanise), rows: items.map((item) => keys.map((key) => plainText(item[key]))) };
  }
  const text = formatCell({ ...column, field: 'value' }, { value, currency: row.currency }, context);
  return { kind: 'text', text: text === '' ? EMPTY : text };
}

/** The `id` of a link cell: the row's value at `linkParam` (default `id`), or null when absent. */
export function childLinkId(column: GenericColumn, row: ListRow): string | null {
  const id = valueAt(row, column.linkParam ?? 'id');
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}
