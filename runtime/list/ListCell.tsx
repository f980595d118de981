import type { CellContext, ListRow } from './cellFormat';
import { CellContent } from './CellContent';
import type { GenericColumn } from './genericListConfig';

/** One cell of a tree list's table: the formatted value, a link when the column has one, any warning. */
export function ListCell({ column, row, context, reload }: { column: GenericColumn; row: ListRow; context: CellContext; reload: () => void }) {
  return (
    <td>
      <CellContent column={column} row={row} context={context} reload={reload} />
    </td>
  );
}
