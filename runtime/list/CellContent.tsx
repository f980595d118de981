import { RouteLink } from '../routing/RouteLink';
import { formatCell, linkId, warningText, type CellContext, type ListRow } from './cellFormat';
import type { GenericColumn } from './genericListConfig';
import { WarningIcon } from './WarningIcon';
import { CellSlot } from './CellSlot';

/**
 * What a generated list cell shows: its text (a link when the column has one) and any warning icon,
 * or the hand-written component of the column (given `reload`, which loads the rows again).
 */
export function CellContent({
  column,
  row,
  context,
  reload,
}: {
  column: GenericColumn;
  row: ListRow;
  context: CellContext;
  reload: () => void;
}) {
  if (column.component) return <CellSlot component={column.component} row={row} reload={reload} />;
  const text = formatCell(column, row, context);
  const id = column.link ? linkId(column, row) : null;
  const warning = warningText(column, row, context);
  return (
    <>
      {column.link && id !== null ? (
        <RouteLink to={column.link} params={{ id }}>
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
