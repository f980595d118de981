import { ClientSideRowModelModule, ColumnApiModule, RowAutoHeightModule, RowSelectionModule, type ColDef, type SelectionChangedEvent, type SortChangedEvent } from 'ag-grid-community';
import { AgGridProvider, AgGridReact } from 'ag-grid-react';
import { useMemo } from 'react';
import type { MessageKey } from '../generated/messages';
import { isMessageKey } from '../i18n/i18n';
import { i18n } from '../i18n/i18n';
import { useT } from '../i18n/useT';
import { gridLocaleText } from './gridLocale';
import { Spinner } from '../ui/Spinner';
import { parseSortBy, toSortBy, type ListColumn } from './listColumns';
import type { ListFilters } from './listState';
import type { ListController } from './useListController';
import { linkCell, renderedCell } from './linkCell';
import { Pagination } from './Pagination';

// Modules are given to the grids of this screen through AgGridProvider (AG Grid 36), not registered
// globally; only those used, so the grid chunk carries no filters, editors or exports
// (docs/performance.md): rows given as rowData, cells that grow with their content, and the
// column state read when the sort changes, and row checkboxes where a list selects (orders export).
const GRID_MODULES = [ClientSideRowModelModule, RowAutoHeightModule, ColumnApiModule, RowSelectionModule];

interface ListViewProps<Row, Filters extends ListFilters> {
  controller: ListController<Row, Filters>;
  columns: readonly ListColumn<Row>[];
  /** sort_by when no column is sorted. */
  defaultSort: string;
  emptyKey?: MessageKey;
  perPageOptions?: readonly number[];
  /** The "n results" message of the pager. */
  countKey?: MessageKey;
  /** Row checkboxes and a select-all box in the header; told the ticked rows of the page. */
  onSelection?: (rows: Row[]) => void;
}

/**
 * A generic server-side list: AG Grid shows the current page only; sorting, paging and filtering
 * go to the server through the list controller (the grid never sorts locally).
 */
export function ListView<Row, Filters extends ListFilters>({
  controller,
  columns,
  defaultSort,
  emptyKey = 'store.empty',
  perPageOptions = [24, 48, 96],
  countKey,
  onSelection,
}: ListViewProps<Row, Filters>) {
  const t = useT();
  const currentSort = parseSortBy(controller.sortBy);
  const localeText = useMemo(() => gridLocaleText(t), [t]);

  const columnDefs = useMemo<ColDef<Row>[]>(
    () =>
      columns.map((column) => ({
        colId: column.field,
        valueGetter: (params) => (params.data && column.format ? column.format(params.data) : params.data?.[column.field]),
        headerName: column.header ?? (column.headerKey ? t(column.headerKey) : column.field),
        sortable: column.sortable ?? false,
        sort: currentSort?.field === column.field ? currentSort.direction : null,
        // Rows arrive sorted by the server; a local comparator that keeps their order.
        comparator: () => 0,
        flex: 1,
        ...(column.render
          ? { cellRenderer: renderedCell(column.render), autoHeight: true }
          : column.linkRoute || column.warning
            ? { cellRenderer: linkCell(column.linkRoute, column.linkParam ?? ('id' as keyof Row & string), column.warning, column.linkable) }
            : {}),
      })),
    [columns, t, currentSort?.field, currentSort?.direction],
  );

  const onSortChanged = (event: SortChangedEvent<Row>) => {
    const sorted = event.api.getColumnState().find((state) => state.sort === 'asc' || state.sort === 'desc');
    const direction = sorted?.sort === 'asc' || sorted?.sort === 'desc' ? sorted.sort : null;
    controller.setSortBy(toSortBy(sorted && direction ? { field: sorted.colId, direction } : null, defaultSort));
  };

  return (
    <div className="list-view">
      {controller.error && (
        <p className="list-view__error" role="alert">
          {isMessageKey(controller.error.message_key) ? t(controller.error.message_key) : t('problem.internal')}
        </p>
      )}
      <AgGridProvider modules={GRID_MODULES}>
        <AgGridReact<Row>
          // The grid reads its texts once: a new language draws a new grid.
          key={i18n.language}
          localeText={localeText}
          rowData={controller.rows}
          columnDefs={columnDefs}
          domLayout="autoHeight"
          loading={controller.loading}
          suppressOverlays={['noRows']}
          suppressMultiSort
          onSortChanged={onSortChanged}
          {...(onSelection && {
            // Select-all ticks the rows of the page shown: the list is paged on the server.
            rowSelection: { mode: 'multiRow', checkboxes: true, headerCheckbox: true, selectAll: 'currentPage', enableClickSelection: false },
            onSelectionChanged: (event: SelectionChangedEvent<Row>) => onSelection(event.api.getSelectedRows()),
          })}
        />
      </AgGridProvider>
      {controller.loading && controller.rows.length === 0 && <Spinner />}
      {!controller.loading && !controller.error && controller.rows.length === 0 && (
        <p className="list-view__empty">{t(emptyKey)}</p>
      )}
      <Pagination
        page={controller.page}
        totalPages={controller.totalPages}
        totalCount={controller.totalCount}
        perPage={controller.perPage}
        perPageOptions={perPageOptions}
        onPage={controller.setPage}
        onPerPage={controller.setPerPage}
        {...(countKey && { countKey })}
      />
    </div>
  );
}
