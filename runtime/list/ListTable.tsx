import type { ReactNode } from 'react';
import { useT } from '../i18n/useT';
import { RouteLink } from '../routing/RouteLink';
import { valueAt } from './cellFormat';
import { parseSortBy, type ListColumn } from './listColumns';
import { WarningIcon } from './WarningIcon';
import { rowKey } from './rowKey';

interface ListTableProps<Row> {
  rows: readonly Row[];
  columns: readonly ListColumn<Row>[];
  /** The server's sort (`+name`): its column's header says so (aria-sort and an arrow). */
  sortBy: string;
  /** A sortable column's header was pressed. */
  onSort: (field: string) => void;
  /** Rows are loading: the table says so to assistive technology. */
  busy: boolean;
  /** Row checkboxes and a box in the header that ticks or clears every row of the page. */
  selection?: { ticked: readonly Row[]; onTick: (rows: Row[]) => void };
}

/**
 * The rows of a list page as a plain table, like the tree lists' (TreeTable): the server sorts
 * and pages, so the table only draws. Every control in it (sort buttons, links, checkboxes, row
 * actions) is a native one in the tab order, and the headers carry aria-sort, so the list works
 * by keyboard and reads as a table (docs/performance.md: why it is not AG Grid any more).
 */
export function ListTable<Row>({ rows, columns, sortBy, onSort, busy, selection }: ListTableProps<Row>) {
  const t = useT();
  const sort = parseSortBy(sortBy);
  const [first] = columns;
  const allTicked = rows.length > 0 && selection?.ticked.length === rows.length;
  const someTicked = (selection?.ticked.length ?? 0) > 0 && !allTicked;

  return (
    <table className="list-table" aria-busy={busy}>
      <thead>
        <tr>
          {selection && (
            <th className="list-table__select">
              <input
                type="checkbox"
                aria-label={t('list.select_all')}
                checked={allTicked}
                // Some rows ticked: neither checked nor clear (a DOM property, not an attribute).
                ref={(box) => {
                  if (box) box.indeterminate = someTicked;
                }}
                disabled={rows.length === 0}
                onChange={() => selection.onTick(allTicked ? [] : [...rows])}
              />
            </th>
          )}
          {columns.map((column) => {
            const header = column.header ?? (column.headerKey ? t(column.headerKey) : column.field);
            const direction = sort?.field === column.field ? sort.direction : null;
            return (
              <th key={column.field} aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}>
                {column.sortable ? (
                  <button type="button" className="list-table__sort" onClick={() => onSort(column.field)}>
                    {header}
                    <span aria-hidden="true">{direction === 'asc' ? ' ▲' : direction === 'desc' ? ' ▼' : ''}</span>
                  </button>
                ) : (
                  header
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)}>
            {selection && (
              <td className="list-table__select">
                <input
                  type="checkbox"
                  aria-label={t('list.select_row', { name: first ? cellText(first, row) : String(index + 1) })}
                  checked={selection.ticked.includes(row)}
                  onChange={(event) =>
                    selection.onTick(event.target.checked ? [...selection.ticked, row] : selection.ticked.filter((other) => other !== row))
                  }
                />
              </td>
            )}
            {columns.map((column) => (
              <td key={column.field} data-field={column.field}>
                {cellContent(column, row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A cell's text: the column's format, or the field's value as it is. */
function cellText<Row>(column: ListColumn<Row>, row: Row): string {
  return column.format ? column.format(row) : String(row[column.field] ?? '');
}

/**
 * What a cell shows: the column's own drawing (row actions, a hand-written cell), or its text as a
 * link to the column's route with the row's `linkParam` (when the row is linkable), followed by a
 * warning icon when the column has one for the row.
 */
function cellContent<Row>(column: ListColumn<Row>, row: Row): ReactNode {
  if (column.render) return column.render(row);
  const text = cellText(column, row);
  const id = column.linkRoute && (!column.linkable || column.linkable(row)) ? valueAt(row, column.linkParam ?? 'id') : undefined;
  const warning = column.warning?.(row) ?? null;
  return (
    <>
      {column.linkRoute && id !== undefined && id !== null ? (
        <RouteLink to={column.linkRoute} params={{ id: String(id) }}>
          {text}
        </RouteLink>
      ) : (
        text
      )}
      {warning && <> <WarningIcon text={warning} /></>}
    </>
  );
}
