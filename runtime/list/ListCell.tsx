import { RouteLink } from '../routing/RouteLink';
import { formatCell, linkId, type CellContext, type ListRow } from './cellFormat';
import type { GenericColumn } from './genericListConfig';

/** One cell of a tree list's table: the formatted value, a link when the column has one. */
export function ListCell({ column, row, context }: { column: GenericColumn; row: ListRow; context: CellContext }) {
  const text = formatCell(column, row, context);
  const id = column.link ? linkId(column, row) : null;
  return <td>{column.link && id !== null ? <RouteLink to={column.link} params={{ id }}>{text}</RouteLink> : text}</td>;
}
