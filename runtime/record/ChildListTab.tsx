import { useCallback, useEffect, useMemo, useState } from 'react';
import { ToggleCell } from '../actions/ToggleCell';
import { useRowActions } from '../actions/useRowActions';
import type { ActionConfig } from '../actions/actionTypes';
import type { CellContext, ListRow } from '../list/cellFormat';
import { CellSlot } from '../list/CellSlot';
import type { GenericColumn, RowCondition } from '../list/genericListConfig';
import type { ListColumn } from '../list/listColumns';
import { ListTable } from '../list/ListTable';
import { rowKey } from '../list/rowKey';
import { useCellContext } from '../list/useCellContext';
import { useMessage } from '../list/useMessage';
import { RouteLink } from '../routing/RouteLink';
import { guardPasses, type Guard } from '../session/guard';
import { useCurrentUser } from '../session/useCurrentUser';
import { Spinner } from '../ui/Spinner';
import { childCell, childLinkId, type ChildCell } from './childCells';
import { useChildRows } from './useChildRows';

/** A child list of a record (a tab's, or a child-list screen's), as generated in runtime/generated/screens.ts. */
export interface ChildListConfig {
  readonly path: string;
  readonly label: string;
  readonly columns: readonly GenericColumn[];
  readonly empty?: string;
  /** Set for paged child lists (audit logs): rows per page, with previous / next. */
  readonly perPage?: number;
  /** The child list operation's guard (and the tab's own): the tab shows only to users it lets through. */
  readonly guard?: Guard;
  /** Actions of each row, in a last column. */
  readonly actions?: readonly ActionConfig[];
}

/** One tab of a record screen (spec `tabs:`): a child list, or a hand-written component given the record. */
export interface RecordTabConfig extends Omit<ChildListConfig, 'path'> {
  readonly path?: string;
  /** `file#Export` of the slot registry (runtime/generated/slots.tsx). */
  readonly component?: string;
  /** Shown only for a record meeting it (002 §2.9: related groups of a BASE group). */
  readonly when?: RowCondition;
  /** A component tab's alerts after it saves. */
  readonly success?: string;
  readonly failure?: string;
}

function CellView({ cell }: { cell: ChildCell }) {
  if (cell.kind === 'text') return <>{cell.text}</>;
  return (
    <table className="record-view__table record-view__table--nested">
      <thead>
        <tr>
          {cell.columns.map((column) => (
            <th key={column}>{column}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {cell.rows.map((row, index) => (
          <tr key={index}>
            {row.map((text, column) => (
              <td key={cell.columns[column] ?? column}>{text}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface RowContext {
  id: string;
  record: Readonly<Record<string, unknown>>;
  context: CellContext;
  reload: () => void;
  label: string;
}

/** One cell: a record tab's checkbox, a hand-written component, a link, a text or a small table. */
function ChildCellContent({ column, row, at }: { column: GenericColumn; row: ListRow; at: RowContext }) {
  if (column.toggle) {
    const name = typeof row['name'] === 'string' ? row['name'] : at.label;
    return (
      <ToggleCell
        toggle={column.toggle}
        field={column.field}
        row={row}
        recordId={at.id}
        record={at.record}
        label={name}
        reload={at.reload}
      />
    );
  }
  if (column.component) return <CellSlot component={column.component} row={row} recordId={at.id} reload={at.reload} />;
  // Money of the record's rows (an order's audit log) is in the record's currency.
  const currency = typeof at.record['currency'] === 'string' ? at.record['currency'] : undefined;
  const cell = childCell(column, row, currency ? { ...at.context, currency } : at.context);
  const linkId = column.link ? childLinkId(column, row) : null;
  if (column.link && linkId !== null && cell.kind === 'text') {
    return (
      <RouteLink to={column.link} params={{ id: linkId }}>
        {cell.text}
      </RouteLink>
    );
  }
  return <CellView cell={cell} />;
}

const NO_RECORD: Readonly<Record<string, unknown>> = {};
/** The column key of the row actions (no row property has a name starting with a dollar). */
const ROW_ACTIONS = '$actions';
/** A child list is in the order its operation gives: its headings do not sort. */
const NO_SORT = () => undefined;

/**
 * A child list of the record (its account managers, audit log…), loaded when its tab opens, in the
 * list grid (as the list screens are), with the actions of each row and the tab's checkboxes; both
 * load the rows again after a change. `record` is the record whose tab it is (its values name it
 * in the toggles' alerts). `onFailed` hears the HTTP status of a failed load (a page of its own
 * leaves for not-found).
 */
export function ChildListTab({
  tab,
  id,
  record = NO_RECORD,
  onFailed,
}: {
  tab: ChildListConfig;
  id: string;
  record?: Readonly<Record<string, unknown>>;
  onFailed?: (status: number) => void;
}) {
  const message = useMessage();
  const context = useCellContext();
  const { user } = useCurrentUser();
  const [page, setPage] = useState(1);
  const load = useChildRows(tab.path, id, tab.perPage === undefined ? undefined : page);
  const rowActions = useRowActions(tab.actions, load.reload, id, record);
  const failedStatus = load.status === 'failed' ? load.error.status : null;
  useEffect(() => {
    if (failedStatus !== null) onFailed?.(failedStatus);
  }, [failedStatus, onFailed]);
  const label = message(tab.label) ?? tab.label;
  const columns = useMemo<ListColumn<ListRow>[]>(() => {
    const at: RowContext = { id, record, context, reload: load.reload, label };
    const drawn = tab.columns
      .filter((column) => guardPasses(user, column.guard))
      .map((column): ListColumn<ListRow> => ({
        field: column.field,
        header: message(column.label) ?? column.label,
        render: (row) => <ChildCellContent column={column} row={row} at={at} />,
      }));
    return rowActions ? [...drawn, { field: ROW_ACTIONS, header: rowActions.header, render: rowActions.cell }] : drawn;
  }, [tab.columns, user, message, id, record, context, load.reload, label, rowActions]);
  const rows = load.status === 'loaded' ? load.rows : undefined;
  const positions = useMemo(() => new Map((rows ?? []).map((row, position) => [row, position])), [rows]);
  const rowId = useCallback((row: ListRow) => rowKey(row, positions.get(row) ?? -1), [positions]);
  if (load.status === 'loading') return <Spinner />;
  if (load.status === 'failed') return <p className="record-view__empty">{message('record.load_failed')}</p>;
  if (load.rows.length === 0) return <p className="record-view__empty">{message(tab.empty ?? 'record.no_rows')}</p>;
  return (
    <>
      <div className="record-view__children">
        <ListTable rows={load.rows} columns={columns} sortBy="" onSort={NO_SORT} busy={false} rowId={rowId} />
      </div>
      {load.totalPages > 1 && (
        <nav className="pagination" aria-label="Pagination">
          <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {message('store.previous')}
          </button>
          <span className="pagination__status">{`${page} / ${load.totalPages}`}</span>
          <button type="button" className="button" disabled={page >= load.totalPages} onClick={() => setPage(page + 1)}>
            {message('store.next')}
          </button>
        </nav>
      )}
    </>
  );
}
