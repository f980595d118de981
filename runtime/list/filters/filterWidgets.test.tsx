import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GenericFilter } from '../genericListConfig';
import { ChecklistFilter } from './ChecklistFilter';
import { RangeFilter } from './RangeFilter';
import { SelectFilter } from './SelectFilter';
import { optionsOfRows } from './useFilterOptions';

// Server-side rendering in node (no DOM library is installed): the markup each widget draws for
// given values; the state logic is covered by filterState.test.ts.

const ignore = () => undefined;

describe('RangeFilter', () => {
  const dates: GenericFilter = { params: ['start_date', 'end_date'], widget: 'date_range', label: 'x' };

  it('draws two date inputs with their values', () => {
    const html = renderToStaticMarkup(
      <RangeFilter filter={dates} label="Date" values={{ start_date: '2026-01-01', end_date: '' }} onChange={ignore} />,
    );
    expect(html).toContain('<legend>Date</legend>');
    expect(html.match(/type="date"/g)).toHaveLength(2);
    expect(html).toContain('value="2026-01-01"');
    expect(html).not.toContain('aria-invalid');
  });

  it('marks both inputs invalid and shows the problem', () => {
    const html = renderToStaticMarkup(
      <RangeFilter
        filter={dates}
        label="Date"
        values={{ start_date: '2026-02-01', end_date: '2026-01-01' }}
        problem="End before start"
        onChange={ignore}
      />,
    );
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(2);
    expect(html).toMatch(/role="alert"[^>]*>End before start</);
  });

  it('uses number inputs for value ranges', () => {
    const values: GenericFilter = { params: ['value_from', 'value_to'], widget: 'value_range', label: 'x' };
    expect(
      renderToStaticMarkup(<RangeFilter filter={values} label="Value" values={{}} onChange={ignore} />).match(/type="number"/g),
    ).toHaveLength(2);
  });
});

describe('ChecklistFilter and SelectFilter', () => {
  const status: GenericFilter = {
    params: ['status'],
    widget: 'checklist',
    label: 'x',
    options: ['CANCELLED', 'NOT_IN_CATALOGUE'],
    enum: 'order_status',
  };

  it('label options with their enum messages, else the raw value, and check the chosen ones', () => {
    const html = renderToStaticMarkup(
      <ChecklistFilter filter={status} label="Status" values={{ status: ['CANCELLED'] }} onChange={ignore} />,
    );
    expect(html).toMatch(/<input type="checkbox" checked=""\/>Cancelled/);
    expect(html).toMatch(/<input type="checkbox"\/>NOT_IN_CATALOGUE/);
  });

  it('offer all, then each option', () => {
    const html = renderToStaticMarkup(
      <SelectFilter filter={{ ...status, widget: 'select' }} label="Status" values={{ status: '' }} onChange={ignore} />,
    );
    expect(html).toMatch(/<option value="" selected="">All<\/option><option value="CANCELLED">Cancelled<\/option>/);
  });
});

describe('optionsOfRows', () => {
  it('turns the rows of an options call into choices by value and label properties', () => {
    expect(optionsOfRows([{ id: 3, name: 'Ann' }, { id: 4, name: null }, { name: 'no id' }], 'id', 'name')).toEqual([
      { value: '3', label: 'Ann' },
      { value: '4', label: '4' },
    ]);
  });
});
