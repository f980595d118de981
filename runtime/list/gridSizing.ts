import type { ColumnResizedEvent, GridApi } from 'ag-grid-community';
import { scaledWidths } from './gridColumns';

/**
 * Columns in proportion to their content, filling the list's width: each is sized to its content
 * (the grid measures them after drawing: scaleColumns follows), then all are scaled together to
 * the width, so text wraps in a column made narrower than its content and the row grows with it.
 */
export function fitColumns<Row>(api: GridApi<Row>): void {
  if (api.isDestroyed()) return;
  // Every fit measures from the same widths (each column's floor): the grid measures a cell in
  // place, so a second fit of columns already scaled would size wrapped cells by their wrapping.
  api.applyColumnState({
    state: api.getColumnState().map((state) => ({ colId: state.colId, width: api.getColumn(state.colId)?.getColDef().minWidth })),
  });
  api.autoSizeAllColumns();
}

/**
 * Once the columns are sized to their content: scaled together to the width of the grid (its
 * wrapper within `box`, less its border).
 */
export function scaleColumns<Row>(box: HTMLElement | null, { api, source, finished }: ColumnResizedEvent<Row>): void {
  if (source === 'autosizeColumns' && finished) fillWidth(box, api);
}

/** The shown columns scaled together, from the widths they have, to fill the grid's width. */
export function fillWidth<Row>(box: HTMLElement | null, api: GridApi<Row>): void {
  const body = box?.querySelector<HTMLElement>('.ag-root-wrapper');
  if (!body || api.isDestroyed()) return;
  const widths = scaledWidths(
    api.getColumnState().filter((state) => !state.hide),
    body.clientWidth,
    (colId) => api.getColumn(colId)?.getColDef(),
  );
  if (widths.length > 0) api.applyColumnState({ state: widths });
}
