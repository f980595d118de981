import { describe, expect, it } from 'vitest';
import type { CellContext, ListRow } from './cellFormat';
import { DETAIL_PARENT, withDetailRows } from './detailRows';
import { nestRows } from './rowTree';

const context: CellContext = {
  currency: 'GBP',
  timezone: 'UTC',
  message: (key) => ({ 'period.WEEK': 'Week', 'period.MONTH': 'Month' })[key] ?? null,
};

describe('withDetailRows', () => {
  // A detail-rows function as the spec names one (`detail_rows: file#Export`): the items of an
  // array property in the list's columns, formatted with the context where a column cannot.
  const detail = (row: ListRow, cells: CellContext): ListRow[] =>
    ((row['periods'] ?? []) as ListRow[]).map((item) => ({
      name: `${cells.message(`period.${String(item['period'])}`) ?? ''} · ${String(item['period_start'])}`,
      sales_num: item['orders'],
      sales_gbp: item['sales_gbp'],
    }));
  const rows = [
    {
      id: 1,
      name: 'Ann',
      sales_num: 5,
      sales_gbp: '300.00',
      periods: [
        { period: 'WEEK', period_start: '2026-11-02', orders: 2, sales_gbp: '100.00' },
        { period: 'MONTH', period_start: '2026-11-01', orders: 3, sales_gbp: '200.00' },
      ],
    },
    { id: 2, name: 'Ben', sales_num: 0, sales_gbp: '0.00', periods: [] },
  ];

  it('follows each row with the rows the function makes of it, with ids of their own and their row named', () => {
    const listed = withDetailRows(rows, detail, context);
    expect(listed.map((row) => row['id'])).toEqual([1, -2, -3, 2]);
    expect(listed[1]).toEqual({ id: -2, [DETAIL_PARENT]: 1, name: 'Week · 2026-11-02', sales_num: 2, sales_gbp: '100.00' });
    expect(listed[2]).toMatchObject({ name: 'Month · 2026-11-01', sales_gbp: '200.00' });
  });

  it('nests the detail rows under their row, and no row under a detail row', () => {
    const nested = nestRows(withDetailRows(rows, detail, context), DETAIL_PARENT);
    expect(nested.map((item) => [item.id, item.level, item.hasChildren])).toEqual([
      [1, 0, true],
      [-2, 1, false],
      [-3, 1, false],
      [2, 0, false],
    ]);
  });
});
