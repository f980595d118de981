import { useEffect, useState } from 'react';
import type { Guard } from '../session/guard';
import type { GenericColumn } from '../list/genericListConfig';
import { useCellContext } from '../list/useCellContext';
import { useMessage } from '../list/useMessage';
import { RouteLink } from '../routing/RouteLink';
import { Spinner } from '../ui/Spinner';
import { childCell, childLinkId, type ChildCell } from './childCells';
import { useChildRows } from './useChildRows';

/** One tab of a record screen (spec `tabs:`), as generated in runtime/generated/screens.ts. */
export interface RecordTabConfig {
  readonly path: string;
  readonly label: string;
  readonly columns: readonly GenericColumn[];
  readonly empty?: string;
  /** Set for paged child lists (audit logs): rows per page, with previous / next. */
  readonly perPage?: number;
  /** The child list operation's guard: the tab shows only to users it lets through. */
  readonly guard?: Guard;
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

/**
 * A child list of the record (its account managers, audit log…), loaded when its tab opens.
 * `onFailed` hears the HTTP status of a failed load (a page of its own leaves for not-found).
 */
export function ChildListTab({ tab, id, onFailed }: { tab: RecordTabConfig; id: string; onFailed?: (status: number) => void }) {
  const message = useMessage();
  const context = useCellContext();
  const [page, setPage] = useState(1);
  const load = useChildRows(tab.path, id, tab.perPage === undefined ? undefined : page);
  const failedStatus = load.status === 'failed' ? load.error.status : null;
  useEffect(() => {
    if (failedStatus !== null) onFailed?.(failedStatus);
  }, [failedStatus, onFailed]);
  if (load.status === 'loading') return <Spinner />;
  if (load.status === 'failed') return <p className="record-view__empty">{message('record.load_failed')}</p>;
  if (load.rows.length === 0) return <p className="record-view__empty">{message(tab.empty ?? 'record.no_rows')}</p>;
  return (
    <>
      <table className="record-view__table record-view__children">
        <thead>
          <tr>
            {tab.columns.map((column) => (
              <th key={column.field}>{message(column.label) ?? column.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {load.rows.map((row, index) => (
            <tr key={typeof row['id'] === 'number' ? row['id'] : index}>
              {tab.columns.map((column) => {
                const cell = childCell(column, row, context);
                const linkId = column.link ? childLinkId(column, row) : null;
                return (
                  <td key={column.field} data-field={column.field}>
                    {column.link && linkId !== null && cell.kind === 'text' ? (
                      <RouteLink to={column.link} params={{ id: linkId }}>
                        {cell.text}
                      </RouteLink>
                    ) : (
                      <CellView cell={cell} />
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
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
