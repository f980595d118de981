import type { ColDef } from 'ag-grid-community';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  GRID_TEXTS,
  gridColumns,
  gridLocaleText,
  layoutOf,
  layoutState,
  MIN_COLUMN_WIDTH,
  scaledWidths,
  sortOf,
  sortState,
} from './gridColumns';
import type { ListColumn } from './listColumns';

// In node (no DOM library is installed): the column definitions the list grid is given and the
// cells they draw; the grid itself (sorting through the server, ticking rows, the keyboard, print)
// is covered by the browser tests (generic-list.spec.ts, orderActions.spec.ts, listGrid.spec.ts).

interface Row {
  id: number | null;
  name: string;
  total: number;
  flagged: boolean;
}

const ROWS: Row[] = [
  { id: 1, name: 'Alpha & Co', total: 12, flagged: false },
  { id: null, name: 'Beta', total: 7, flagged: true },
  { id: 3, name: 'Gamma', total: 0, flagged: false },
];

const COLUMNS: ListColumn<Row>[] = [
  {
    field: 'name',
    header: 'Name',
    sortable: true,
    linkRoute: 'organisation',
    linkable: (row) => row.name !== 'Gamma',
    warning: (row) => (row.flagged ? 'Check me' : null),
  },
  { field: 'total', header: 'Total', sortable: true, format: (row) => `£${row.total}.00` },
  { field: 'flagged', header: 'Actions', render: (row) => <button type="button">Open {row.name}</button> },
];

const definitions = (sort: Parameters<typeof gridColumns>[2] = null) =>
  gridColumns(COLUMNS, (column) => column.header ?? column.field, sort);

/** The markup a column's cell renderer draws for a row. */
function cell(definition: ColDef<Row>, row: Row): string {
  const render = definition.cellRenderer as (params: { data?: Row }) => ReactNode;
  return renderToStaticMarkup(<MemoryRouter>{render({ data: row })}</MemoryRouter>);
}

describe('gridColumns', () => {
  it('gives each column its header and id, sortable where the list sorts by it, starting at the list sort', () => {
    const columns = definitions({ field: 'total', direction: 'desc' });
    expect(columns.map((column) => [column.colId, column.headerName, column.sortable, column.initialSort])).toEqual([
      ['name', 'Name', true, null],
      ['total', 'Total', true, 'desc'],
      ['flagged', 'Actions', false, null],
    ]);
    // The server sorted the rows: the grid's own sort keeps them as they came.
    for (const column of columns) expect((column.comparator as (a: unknown, b: unknown) => number)(1, 2)).toBe(0);
  });

  it('links a cell to its route with the row id, unless the row has none or is not linkable, with its warning', () => {
    const [name] = definitions();
    expect(cell(name!, ROWS[0]!)).toBe('<a href="/backoffice/organisations/1" data-discover="true">Alpha &amp; Co</a>');
    expect(cell(name!, ROWS[1]!)).toMatch(/^Beta <span class="list-cell__warning" role="img" aria-label="Check me"/);
    expect(cell(name!, ROWS[2]!)).toBe('Gamma');
  });

  it('shows formatted text and drawn cells, the text also as the cell value', () => {
    const [, total, actions] = definitions();
    expect(cell(total!, ROWS[0]!)).toBe('£12.00');
    expect(cell(actions!, ROWS[1]!)).toBe('<button type="button">Open Beta</button>');
    const value = (definition: ColDef<Row>) => definition.valueGetter as (params: { data?: Row }) => unknown;
    expect(value(total!)({ data: ROWS[2]! })).toBe('£0.00');
    // A drawn cell's value is its row: new row data redraws it.
    expect(value(actions!)({ data: ROWS[1]! })).toBe(ROWS[1]);
  });
});

describe('the grid sort', () => {
  it('is the one sorted column of the grid state, or none', () => {
    expect(sortOf([{ colId: 'name' }, { colId: 'total', sort: 'asc' }])).toEqual({ field: 'total', direction: 'asc' });
    expect(sortOf([{ colId: 'name', sort: null }])).toBeNull();
  });

  it('is shown on one column, every other cleared', () => {
    expect(sortState({ field: 'name', direction: 'desc' })).toEqual({
      state: [{ colId: 'name', sort: 'desc' }],
      defaultState: { sort: null },
    });
    expect(sortState(null)).toEqual({ state: [], defaultState: { sort: null } });
  });
});

describe('scaledWidths', () => {
  const resizable = () => ({});
  const fixedSelection = (colId: string) => (colId === 'select' ? { resizable: false } : {});

  it('widens every column in proportion when there is room, the last taking the rounding', () => {
    expect(
      scaledWidths(
        [
          { colId: 'a', width: 100 },
          { colId: 'b', width: 50 },
        ],
        301,
        resizable,
      ),
    ).toEqual([
      { colId: 'a', width: 200 },
      { colId: 'b', width: 101 },
    ]);
  });

  it('narrows the wide columns first, so that short ones keep their content width', () => {
    const widths = scaledWidths(
      [
        { colId: 'select', width: 48 },
        { colId: 'ref', width: 100 },
        { colId: 'organisation', width: 312 },
        { colId: 'status', width: 212 },
      ],
      48 + 512,
      fixedSelection,
    );
    // 112 px too many, taken in proportion from the 300 px that the wide columns have above 112 px.
    expect(widths).toEqual([
      { colId: 'ref', width: 100 },
      { colId: 'organisation', width: 237 },
      { colId: 'status', width: 175 },
    ]);
  });

  it('keeps every column at its floor when even that cannot fit, so the list scrolls sideways (a phone)', () => {
    const widths = scaledWidths(
      [
        { colId: 'a', width: 200 },
        { colId: 'b', width: 100 },
        { colId: 'c', width: 60 },
      ],
      200,
      resizable,
    );
    expect(widths.map((entry) => entry.width)).toEqual([112, 100, MIN_COLUMN_WIDTH]);
  });

  it('leaves columns that fit as they are', () => {
    expect(scaledWidths([{ colId: 'a', width: 100 }], 100, resizable)).toEqual([]);
  });
});

describe('gridLocaleText', () => {
  it("gives each of the grid's texts from the catalogue", () => {
    const text = gridLocaleText((key) => `«${key}»`);
    expect(Object.keys(text).sort()).toEqual(Object.keys(GRID_TEXTS).sort());
    expect(text['ariaHeaderSelection']).toBe('«list.select_all»');
  });
});

describe('the kept column layout', () => {
  it("is the grid's columns in display order with their widths and hidden flags, not the selection column", () => {
    expect(
      layoutOf([
        { colId: 'ag-Grid-SelectionColumn', width: 48 },
        { colId: 'status', width: 120.6, hide: false },
        { colId: 'name', width: 90, hide: true },
        { colId: '$actions', hide: null },
      ]),
    ).toEqual([
      { id: 'status', width: 121, hidden: false },
      { id: 'name', width: 90, hidden: true },
      { id: '$actions', width: null, hidden: false },
    ]);
  });

  it('goes back to the grid as ordered column state, a width only where one was kept', () => {
    expect(
      layoutState([
        { id: 'status', width: 121, hidden: false },
        { id: 'name', width: null, hidden: true },
      ]),
    ).toEqual({
      state: [
        { colId: 'status', hide: false, width: 121 },
        { colId: 'name', hide: true },
      ],
      applyOrder: true,
    });
  });
});
