import type { ReactNode } from 'react';
import { RouteLink } from '../routing/RouteLink';
import { valueAt } from './cellFormat';
import type { ListColumn } from './listColumns';
import { WarningIcon } from './WarningIcon';

/** A cell's text: the column's format, or the field's value as it is. */
export function cellText<Row>(column: ListColumn<Row>, row: Row): string {
  return column.format ? column.format(row) : String(row[column.field] ?? '');
}

/**
 * What a cell shows: the column's own drawing (row actions, a hand-written cell), or its text as a
 * link to the column's route with the row's `linkParam` (when the row is linkable), followed by a
 * warning icon when the column has one for the row.
 */
export function cellContent<Row>(column: ListColumn<Row>, row: Row): ReactNode {
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
      {warning && (
        <>
          {' '}
          <WarningIcon text={warning} />
        </>
      )}
    </>
  );
}
