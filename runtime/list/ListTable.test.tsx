import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ListColumn } from './listColumns';
import { ListTable } from './ListTable';

// Server-side rendering in node (no DOM library is installed): the markup the list table draws for
// a page of rows; what pressing its controls does is covered by the browser tests
// (generic-list.spec.ts: sorting, links; orderActions.spec.ts: ticking rows and select-all).

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
  { field: 'name', header: 'Name', sortable: true, linkRoute: 'organisation', linkable: (row) => row.name !== 'Gamma', warning: (row) => (row.flagged ? 'Check me' : null) },
  { field: 'total', header: 'Total', sortable: true, format: (row) => `£${row.total}.00` },
  { field: 'flagged', header: 'Actions', render: (row) => <button type="button">Open {row.name}</button> },
];

const ignore = () => undefined;

function draw(props: Partial<Parameters<typeof ListTable<Row>>[0]> = {}): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ListTable<Row> rows={ROWS} columns={COLUMNS} sortBy="-total" onSort={ignore} busy={false} {...props} />
    </MemoryRouter>,
  );
}

describe('ListTable', () => {
  it('draws one header and one row per row, the server sort on its header only', () => {
    const html = draw();
    expect(html.match(/<tr>/g)).toHaveLength(1 + ROWS.length);
    expect(html.match(/aria-sort=/g)).toHaveLength(1);
    expect(html).toMatch(/<th aria-sort="descending"><button type="button" class="list-table__sort">Total<span aria-hidden="true"> ▼<\/span><\/button><\/th>/);
    expect(html).toMatch(/<th><button type="button" class="list-table__sort">Name<span aria-hidden="true"><\/span><\/button><\/th>/);
    // A column that does not sort has a plain header, no button.
    expect(html).toContain('<th>Actions</th>');
    expect(draw({ sortBy: '+name' })).toContain('<th aria-sort="ascending">');
    // No column named by the sort (a default such as -popularity): no header claims it.
    expect(draw({ sortBy: '-popularity' })).not.toContain('aria-sort');
  });

  it('links a cell to its route with the row id, unless the row has none or is not linkable', () => {
    const html = draw();
    expect(html).toContain('<td data-field="name"><a href="/backoffice/organisations/1" data-discover="true">Alpha &amp; Co</a></td>');
    expect(html).toMatch(/<td data-field="name">Beta <span class="list-cell__warning" role="img" aria-label="Check me"/);
    expect(html).toContain('<td data-field="name">Gamma</td>');
  });

  it('shows formatted text and drawn cells', () => {
    const html = draw();
    expect(html).toContain('<td data-field="total">£12.00</td>');
    expect(html).toContain('<td data-field="flagged"><button type="button">Open Beta</button></td>');
  });

  it('says it is busy while rows load', () => {
    expect(draw()).toContain('<table class="list-table" aria-busy="false">');
    expect(draw({ busy: true })).toContain('aria-busy="true"');
  });

  it('has no checkboxes without selection', () => {
    expect(draw()).not.toContain('checkbox');
  });

  it('names each row checkbox by its first cell and ticks the rows given', () => {
    const html = draw({ selection: { ticked: [ROWS[1]!], onTick: ignore } });
    const boxes = [...html.matchAll(/<input type="checkbox" aria-label="([^"]*)"([^>]*)\/>/g)].map(([, label, rest]) => ({ label, checked: rest!.includes('checked') }));
    expect(boxes).toEqual([
      { label: 'Select all rows of this page', checked: false },
      { label: 'Select Alpha &amp; Co', checked: false },
      { label: 'Select Beta', checked: true },
      { label: 'Select Gamma', checked: false },
    ]);
  });

  it('ticks the select-all box when every row of the page is ticked, and disables it on an empty page', () => {
    expect(draw({ selection: { ticked: ROWS, onTick: ignore } })).toMatch(/aria-label="Select all rows of this page" checked=""/);
    expect(draw({ rows: [], selection: { ticked: [], onTick: ignore } })).toMatch(/aria-label="Select all rows of this page" disabled=""/);
  });
});
