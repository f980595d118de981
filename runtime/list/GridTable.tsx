import {
  ColumnApiModule,
  ColumnAutoSizeModule,
  LocaleModule,
  RowAutoHeightModule,
  RowSelectionModule,
  themeQuartz,
  type CellKeyDownEvent,
  type ColumnEvent,
  type ColumnResizedEvent,
  type GridApi,
  type GridSizeChangedEvent,
  type RowSelectionOptions,
  type SelectionChangedEvent,
  type SortChangedEvent,
} from 'ag-grid-community';
import { AgGridProvider, AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { i18n } from '../i18n/i18n';
import { useT } from '../i18n/useT';
import { Spinner } from '../ui/Spinner';
import { GridColumnTools } from './GridColumnTools';
import { gridColumns, gridLocaleText, layoutOf, layoutState, sortOf, sortState } from './gridColumns';
import { fillWidth, fitColumns, scaleColumns } from './gridSizing';
import type { ListColumn } from './listColumns';
import { parseSortBy } from './listColumns';
import type { ListTableProps } from './ListTable';
import { RowTick, type RowTickParams } from './RowTick';
import { useListLayout } from './useListLayout';
import './listGrid.css';

/**
 * The AG Grid modules the lists use, beyond the grid's core (which brings the client-side row
 * model, sorting, column moving and resizing, keyboard navigation and ARIA): row checkboxes with
 * select-all, columns sized to their content, rows that grow with wrapped cells, the column state
 * read and applied (sort, the user's layout), and the catalogue's texts. Given to the grids
 * through AgGridProvider, not registered globally, so nothing else in the grid package reaches
 * the bundle (docs/performance.md).
 */
const MODULES = [RowSelectionModule, ColumnAutoSizeModule, RowAutoHeightModule, ColumnApiModule, LocaleModule];

/** The portal's look (runtime/styles.css): its font, text and border colours, primary colour. */
const THEME = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 15,
  foregroundColor: '#1f2933',
  borderColor: '#d3d8de',
  accentColor: '#1d5fa8',
  headerBackgroundColor: '#f4f6f8',
  headerFontWeight: 600,
  wrapperBorderRadius: 4,
  cellHorizontalPadding: 8,
  rowVerticalPaddingScale: 0.6,
});

/**
 * Rows are ticked with their checkbox (or Space), never by a click on the row: its cells hold links.
 * The header keeps the grid's select-all; each row's checkbox is ours (RowTick), named after the row.
 */
const SELECTION: RowSelectionOptions = {
  mode: 'multiRow',
  checkboxes: false,
  headerCheckbox: true,
  selectAll: 'all',
  enableClickSelection: false,
};

/** The list's columns in the grid's order (`order`: column ids as the grid has them; null: the spec's). */
function inOrder<Row>(columns: readonly ListColumn<Row>[], order: readonly string[] | null): readonly ListColumn<Row>[] {
  if (!order) return columns;
  const at = (column: ListColumn<Row>) => {
    const index = order.indexOf(column.field);
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  return [...columns].sort((a, b) => at(a) - at(b));
}

/**
 * How long a grid stays hidden, at most, waiting for the user's layout and the page's fonts: past
 * it the grid is shown as it is (a layout that never answers must not hide the list).
 */
const SETTLE_LIMIT_MS = 1500;

/** The grid's look until its columns have their widths: laid out (so they can be measured), not seen or clickable. */
const UNSETTLED_STYLE = { visibility: 'hidden' } as const;

/** True once the page's fonts have loaded (at once where there is no document.fonts: jsdom). */
function useFontsLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => !('fonts' in document) || document.fonts.status === 'loaded');
  useEffect(() => {
    if (loaded) return undefined;
    let current = true;
    void document.fonts.ready.then(() => current && setLoaded(true));
    return () => {
      current = false;
    };
  }, [loaded]);
  return loaded;
}

/**
 * Whether the grid is shown yet. Its columns are fitted to their content when its first rows are
 * drawn, again when the page's font has loaded (it draws their text at other widths), and set to
 * the user's layout when that arrives: each moves the columns, and a button with them, under a
 * pointer aiming at it. So the grid is drawn hidden until each has happened (the grid is
 * there, the first page loaded, the layout known, the fonts loaded, no fit on its way), then shown
 * two frames later, once the grid has drawn what it fitted; or after SETTLE_LIMIT_MS whatever is
 * missing.
 * Later changes (another page, a font an organisation's brand brings late) still fit the columns
 * again: the user asked for the first, and the second is rare.
 */
function useSettled(ready: boolean): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return undefined;
    const limit = setTimeout(() => setSettled(true), SETTLE_LIMIT_MS);
    return () => clearTimeout(limit);
  }, [settled]);
  useEffect(() => {
    if (settled || !ready) return undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setSettled(true));
    });
    return () => cancelAnimationFrame(frame);
  }, [settled, ready]);
  return settled;
}

/** A column change the user made in the grid (dragging a heading or its edge), not one the code applied. */
const byUser = (source: string) => source.startsWith('ui');

/**
 * The rows of a list page in AG Grid (community edition), loaded in its own chunk (ListTable).
 * The grid holds one page: the server sorts, pages and filters through the list controller, and
 * the grid's header sort drives that controller. The grid's own semantics (role grid, row,
 * columnheader with aria-sort, gridcell) and keyboard navigation (arrows, Home/End, Enter to sort
 * a header, Space to tick a row, Tab into a cell's links and buttons) make the list. On a screen
 * of the spec (`layoutScreen`), the columns' order, widths and visibility are the user's own,
 * kept on the server (useListLayout), with "reset columns".
 */
export default function GridTable<Row>({ rows, columns, sortBy, onSort, busy, selection, layoutScreen, rowId }: ListTableProps<Row>) {
  const t = useT();
  const grid = useRef<AgGridReact<Row>>(null);
  const box = useRef<HTMLDivElement>(null);
  const [firstSort] = useState(() => parseSortBy(sortBy));
  const header = useCallback((column: ListColumn<Row>) => column.header ?? (column.headerKey ? t(column.headerKey) : column.field), [t]);
  const columnDefs = useMemo(() => gridColumns(columns, header, firstSort), [columns, header, firstSort]);
  const localeText = useMemo(() => gridLocaleText(t), [t]);
  // A row is named by its first column's text (an order's reference, a user's name): its checkbox says it.
  const tickParams = useMemo((): RowTickParams<Row> => {
    const first = columns[0];
    return { name: (row) => (first ? (first.format?.(row) ?? String(row[first.field] ?? '')) : '') };
  }, [columns]);
  const layout = useListLayout(layoutScreen);
  // The user's layout, once loaded, replaces fitting the columns to their content.
  const kept = layout.columns !== null && layout.columns.length > 0;
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  // The columns in the grid's order, for the Columns panel (the user may have moved them).
  const [order, setOrder] = useState<readonly string[] | null>(null);
  const [api, setApi] = useState<GridApi<Row> | null>(null);
  const readOrder = useCallback((gridApi: GridApi<Row>) => setOrder(gridApi.getColumnState().map((column) => column.colId)), []);

  // The header shows the list's sort: the one it started with, then each the controller takes.
  useEffect(() => {
    api?.applyColumnState(sortState(parseSortBy(sortBy)));
  }, [api, sortBy]);

  // The user's layout applies once both it and the grid are there.
  useEffect(() => {
    if (!api || !layout.columns || layout.columns.length === 0) return;
    api.applyColumnState(layoutState(layout.columns));
    setHidden(new Set(layout.columns.filter((column) => column.hidden).map((column) => column.id)));
    readOrder(api);
  }, [api, layout.columns, readOrder]);

  // Read by the grid's callbacks when they run, not when they were made: a layout that arrives
  // while the grid is drawing must stop a fit already on its way.
  const keptNow = useRef(kept);
  keptNow.current = kept;
  // A fit sizes the columns asynchronously (AG Grid waits for the cells to be drawn): the grid is
  // not shown while one is on its way (useSettled).
  const [fitting, setFitting] = useState(false);
  const fit = useCallback((event: { api: GridApi<Row> }) => {
    if (keptNow.current) return;
    setFitting(true);
    fitColumns(event.api);
  }, []);
  // The grid's width its columns were last fitted to. With rows as tall as their wrapped cells, a
  // fit changes the grid's height, which AG Grid reports as a size change too: fitting again on
  // that measured the wrapped cells at the scaled widths, and the columns swung between two
  // layouts for half a second after the list was drawn. Only a new width is fitted again.
  const fittedWidth = useRef<number | null>(null);
  const onGridSizeChanged = (event: GridSizeChangedEvent<Row>) => {
    if (event.clientWidth === fittedWidth.current) return;
    fittedWidth.current = event.clientWidth;
    fit(event);
  };
  const keep = (gridApi: GridApi<Row>) => layout.save(layoutOf(gridApi.getColumnState()));
  const fontsLoaded = useFontsLoaded();
  const settled = useSettled(api !== null && !busy && layout.columns !== null && fontsLoaded && !fitting);

  // The columns are measured in the page's font: one that arrives after they were fitted (an
  // organisation's brand font, a slow connection) draws their text at other widths, so they are
  // fitted again (from their floors, so a fit more or less gives the same layout).
  useEffect(() => {
    // jsdom (the unit tests) has no document.fonts.
    if (!api || !('fonts' in document)) return;
    const refit = () => fit({ api });
    document.fonts.addEventListener('loadingdone', refit);
    return () => document.fonts.removeEventListener('loadingdone', refit);
  }, [api, fit]);

  const onSortChanged = (event: SortChangedEvent<Row>) => {
    // Only the user's sorts: the grid also reports the sorts we give it.
    if (event.source !== 'uiColumnSorted') return;
    const next = sortOf(event.api.getColumnState());
    onSort(next);
    // No sort means the list's default, which may be the sort it has (this column's, descending):
    // the controller's sort would not change, so the header is set back to it here; any other
    // default replaces it when the controller takes it.
    if (next === null) event.api.applyColumnState(sortState(parseSortBy(sortBy)));
  };

  const onColumnResized = (event: ColumnResizedEvent<Row>) => {
    if (event.source === 'autosizeColumns' && event.finished) setFitting(false);
    if (event.finished && byUser(event.source)) keep(event.api);
    else if (!keptNow.current) scaleColumns(box.current, event);
    // A fit begun before the user's layout arrived sized the columns to their content after the
    // layout was applied: the user's widths are put back.
    else if (event.source === 'autosizeColumns' && event.finished && layout.columns)
      event.api.applyColumnState(layoutState(layout.columns));
  };
  const onColumnMoved = (event: ColumnEvent<'columnMoved', Row>) => {
    if (byUser(event.source)) keep(event.api);
    readOrder(event.api);
  };
  /** Swaps a column with its neighbour in the grid's order (hidden ones count: the panel lists them). */
  const move = (id: string, by: -1 | 1) => {
    if (!api) return;
    const state = api.getColumnState();
    const from = state.findIndex((column) => column.colId === id);
    const to = from + by;
    if (from < 0 || !state[to] || !columns.some((column) => column.field === state[to]!.colId)) return;
    [state[from], state[to]] = [state[to]!, state[from]!];
    api.applyColumnState({ state, applyOrder: true });
    keep(api);
    readOrder(api);
  };

  const show = (id: string, shown: boolean) => {
    if (!api) return;
    api.setColumnsVisible([id], shown);
    setHidden((before) => {
      const next = new Set(before);
      if (shown) next.delete(id);
      else next.add(id);
      return next;
    });
    // The shown columns share the width the hidden one left (or make room for the one shown).
    fillWidth(box.current, api);
    keep(api);
  };
  const reset = async () => {
    await layout.reset();
    if (!api) return;
    api.resetColumnState();
    api.applyColumnState(sortState(parseSortBy(sortBy)));
    setHidden(new Set());
    readOrder(api);
    fitColumns(api);
  };

  const onCellKeyDown = (event: CellKeyDownEvent<Row>) => {
    // Enter on a cell holding one link or button follows or presses it, as a click would.
    const key = event.event as KeyboardEvent | null | undefined;
    if (key?.key !== 'Enter' || !(key.target instanceof HTMLElement) || key.target.getAttribute('role') !== 'gridcell') return;
    const controls = key.target.querySelectorAll<HTMLElement>('a[href], button:not([disabled])');
    if (controls.length === 1) controls[0]!.click();
  };

  return (
    <div className="list-grid" aria-busy={busy || !settled} ref={box}>
      {layoutScreen && (
        <GridColumnTools
          columns={inOrder(columns, order).map((column) => ({
            id: column.field,
            header: header(column),
            hidden: hidden.has(column.field),
          }))}
          onShow={show}
          onMove={move}
          onReset={() => void reset()}
        />
      )}
      <AgGridProvider modules={MODULES}>
        <AgGridReact<Row>
          ref={grid}
          // The grid reads its texts once: a new language draws a new grid.
          key={i18n.language}
          theme={THEME}
          {...(!settled && { containerStyle: UNSETTLED_STYLE })}
          localeText={localeText}
          rowData={rows as Row[]}
          {...(rowId && { getRowId: ({ data }: { data: Row }) => rowId(data) })}
          columnDefs={columnDefs}
          domLayout="autoHeight"
          onGridReady={(event) => setApi(event.api)}
          onFirstDataRendered={fit}
          onRowDataUpdated={fit}
          onGridSizeChanged={onGridSizeChanged}
          onColumnResized={onColumnResized}
          onColumnMoved={onColumnMoved}
          // Every column and row in the document, in display order: screen readers and printing
          // see the whole page, not the part scrolled into view.
          suppressColumnVirtualisation
          ensureDomOrder
          suppressMultiSort
          maintainColumnOrder
          suppressDragLeaveHidesColumns
          onSortChanged={onSortChanged}
          onCellKeyDown={onCellKeyDown}
          {...(selection && {
            rowSelection: SELECTION,
            selectionColumnDef: {
              width: 48,
              minWidth: 48,
              maxWidth: 48,
              resizable: false,
              suppressMovable: true,
              cellRenderer: RowTick,
              cellRendererParams: tickParams,
            },
            onSelectionChanged: (event: SelectionChangedEvent<Row>) => selection.onTick(event.api.getSelectedRows()),
          })}
        />
      </AgGridProvider>
      {/* The list's own spinner (ListView) goes when the page has loaded; this one waits on for the columns. */}
      {!settled && !busy && <Spinner />}
    </div>
  );
}
