import type { ApplyColumnStateParams, ColDef, ColumnState, SuppressKeyboardEventParams } from 'ag-grid-community';
import type { MessageKey } from '../generated/messages';
import { cellContent, cellText } from './columnCell';
import type { ListColumn, SortDirection } from './listColumns';

/** A list's sort as the grid shows it: one column and its direction, or none. */
export type GridSort = { field: string; direction: SortDirection } | null;

/**
 * The grid's columns for a list's columns. The server sorts and pages, so the grid never orders
 * rows itself: every comparator calls rows equal and the grid's stable sort keeps the server's
 * order, while the header still shows the sort and lets the user change it (the grid's sort event
 * drives the list controller). `sort` is the sort the grid starts with; later ones are applied as
 * column state, so new definitions never undo a user's column widths or order. Cells are drawn by
 * the list's own cell rendering (formats, links, warnings, row actions, hand-written cells); the
 * grid sizes the columns to their content (GridTable), and a text longer than a column's widest
 * wraps, so the row grows with it.
 */
export function gridColumns<Row>(
  columns: readonly ListColumn<Row>[],
  header: (column: ListColumn<Row>) => string,
  sort: GridSort,
): ColDef<Row>[] {
  return columns.map((column) => ({
    colId: column.field,
    headerName: header(column),
    // The cell's value: its text, or for a drawn cell its row, so that a row given again with new
    // data (a tree's toggle opened or closed) redraws the cell (the grid redraws changed values).
    valueGetter: ({ data }) => (data ? (column.render ? data : cellText(column, data)) : ''),
    cellRenderer: ({ data }: { data?: Row }) => (data ? cellContent(column, data) : null),
    sortable: column.sortable ?? false,
    initialSort: sort?.field === column.field ? sort.direction : null,
    sortingOrder: ['asc', 'desc', null],
    comparator: () => 0,
    minWidth: MIN_COLUMN_WIDTH,
    wrapText: true,
    autoHeight: true,
    wrapHeaderText: true,
    autoHeaderHeight: true,
    suppressKeyboardEvent: keepKeysInsideCell,
  }));
}

/** The grid state that shows a sort (one column, or none) on the grid's header. */
export function sortState(sort: GridSort): ApplyColumnStateParams {
  return { state: sort ? [{ colId: sort.field, sort: sort.direction }] : [], defaultState: { sort: null } };
}

/** The sorted column among the grid's column states (the grid sorts by one column at a time). */
export function sortOf(states: readonly ColumnState[]): GridSort {
  const sorted = states.find((state) => state.sort === 'asc' || state.sort === 'desc');
  return sorted?.sort ? { field: sorted.colId, direction: sorted.sort } : null;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Which key presses the grid leaves to the browser (true) rather than take for its cell
 * navigation. The grid moves between cells with the arrows and Tab; a cell's own controls (a link,
 * the row actions' buttons) are reached with Tab from the cell and left with Tab after the last
 * one. Enter and Space on a control are the control's own (follow the link, press the button),
 * and nothing typed in an open dialog (a row action's confirmation or form, drawn inside its
 * cell) is grid navigation.
 */
export function keepKeysInsideCell({ event }: Pick<SuppressKeyboardEventParams, 'event'>): boolean {
  const target = event.target;
  if (!(target instanceof Element)) return false;
  if (target.closest('dialog[open]')) return true;
  const cell = target.closest('[role="gridcell"]');
  if (!cell) return false;
  const onControl = target !== cell;
  if (event.key === 'Tab') {
    const controls = [...cell.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (controls.length === 0) return false;
    const at = controls.indexOf(target as HTMLElement);
    // From the cell itself, forward goes to its first control; from a control, to its neighbour.
    return event.shiftKey ? onControl && at > 0 : !onControl || at < controls.length - 1;
  }
  return onControl && (event.key === 'Enter' || event.key === ' ');
}

/**
 * The grid's own texts that our lists show or announce (the selection checkboxes' names and
 * states, the sort hint), each from the catalogue, so the grid speaks the user's language.
 * Keys are AG Grid's localeText keys.
 */
export const GRID_TEXTS: Readonly<Record<string, MessageKey>> = {
  ariaHeaderSelection: 'list.select_all',
  ariaRowSelectAll: 'grid.row_select_all',
  ariaRowToggleSelection: 'grid.row_toggle_selection',
  ariaRowSelect: 'grid.row_select',
  ariaRowDeselect: 'grid.row_deselect',
  ariaRowSelectionDisabled: 'grid.row_selection_disabled',
  ariaChecked: 'grid.checked',
  ariaUnchecked: 'grid.unchecked',
  ariaIndeterminate: 'grid.indeterminate',
  ariaSortableColumn: 'grid.sortable_column',
};

export function gridLocaleText(t: (key: MessageKey) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(GRID_TEXTS).map(([gridKey, messageKey]) => [gridKey, t(messageKey)]));
}

/** The narrowest a list column gets: past it, the list scrolls sideways. */
export const MIN_COLUMN_WIDTH = 72;
/** Up to this width a column keeps its content's width while wider ones give way (words stay whole). */
const SHRINK_FLOOR = 112;

/**
 * Column widths (sized to their content) fitted to `available` pixels. When there is room to
 * spare, all widen in proportion; when there is too little, the columns wider than SHRINK_FLOOR
 * give up their excess first, in proportion, so short columns keep whole words; when even that
 * cannot fit (a phone), every column keeps that floor width and the list scrolls sideways, rather
 * than breaking its headings and names inside words. The last column takes what rounding left.
 * Columns of a fixed width (the selection checkboxes) keep theirs. Nothing when they fit already.
 */
export function scaledWidths(
  states: readonly Pick<ColumnState, 'colId' | 'width'>[],
  available: number,
  definition: (colId: string) => Pick<ColDef, 'resizable' | 'minWidth'> | undefined,
): { colId: string; width: number }[] {
  const scalable = states.filter((state) => definition(state.colId)?.resizable !== false && state.width);
  const fixed = states.filter((state) => !scalable.includes(state)).reduce((sum, state) => sum + (state.width ?? 0), 0);
  const room = available - fixed;
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  const content = scalable.map((state) => state.width!);
  const total = sum(content);
  if (room <= 0 || total === 0 || Math.abs(room - total) < 1) return [];
  const floors = content.map((width) => Math.min(width, SHRINK_FLOOR));
  const floorTotal = sum(floors);
  const fitted = content.map((width, index) => {
    if (total < room) return (width * room) / total;
    const floor = floors[index]!;
    return floorTotal <= room ? floor + ((width - floor) * (room - floorTotal)) / (total - floorTotal) : floor;
  });
  const widths = scalable.map((state, index) => ({
    colId: state.colId,
    width: Math.max(definition(state.colId)?.minWidth ?? MIN_COLUMN_WIDTH, Math.floor(fitted[index]!)),
  }));
  const last = widths[widths.length - 1];
  const left = room - sum(widths.map((entry) => entry.width));
  if (last && left > 0) last.width += left;
  return widths;
}

/** A kept layout column (useListLayout): its id, width in pixels or null, and whether it is hidden. */
export interface LayoutColumnState {
  id: string;
  width: number | null;
  hidden: boolean;
}

/** The grid columns a layout is kept of: not the selection checkboxes' column, which is the grid's own. */
const isLayoutColumn = (colId: string) => !colId.startsWith('ag-Grid-');

/** The grid's columns as a layout to keep: in display order, with their widths and whether they are hidden. */
export function layoutOf(states: readonly ColumnState[]): LayoutColumnState[] {
  return states
    .filter((state) => isLayoutColumn(state.colId))
    .map((state) => ({
      id: state.colId,
      width: typeof state.width === 'number' ? Math.round(state.width) : null,
      hidden: state.hide === true,
    }));
}

/**
 * A kept layout as grid state: its columns in its order, widths and visibility. Columns it does not
 * name (added to the screen since) keep their place after them and are shown.
 */
export function layoutState(columns: readonly LayoutColumnState[]): ApplyColumnStateParams {
  return {
    state: columns.map((column) => ({ colId: column.id, hide: column.hidden, ...(column.width !== null && { width: column.width }) })),
    applyOrder: true,
  };
}
