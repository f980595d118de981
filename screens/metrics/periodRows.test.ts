import { describe, expect, it } from 'vitest';
import type { CellContext } from '../../runtime/list/cellFormat';
import { periodRows } from './periodRows';

const context: CellContext = {
  currency: 'GBP',
  timezone: 'UTC',
  message: (key) => ({ 'metrics_period_kind.week': 'Week', 'metrics_period_kind.month': 'Month' })[key] ?? null,
};

const period = (period: string, period_start: string, orders: number, sales_gbp: string) => ({
  id: orders,
  period,
  period_start,
  new_orgs: 1,
  orders,
  sales_usd: '0.00',
  sales_eur: '0.00',
  sales_gbp,
});

describe('periodRows (the metrics table, 001 §2)', () => {
  it("gives an account manager's periods in the table's columns: the period and its start joined, the figures as they are", () => {
    const row = { id: 1, name: 'Ann', periods: [period('week', '2026-11-02', 2, '100.00'), period('month', '2026-11-01', 3, '200.00')] };
    const rows = periodRows(row, context);
    expect(rows[0]).toEqual({
      name: 'Week · 2nd Nov 2026',
      new_on_hub: 1,
      sales_num: 2,
      sales_usd: '0.00',
      sales_eur: '0.00',
      sales_gbp: '100.00',
    });
    expect(rows[1]).toMatchObject({ name: 'Month · 1st Nov 2026', sales_gbp: '200.00' });
  });

  it('gives none for an account manager without periods', () => {
    expect(periodRows({ id: 2, name: 'Ben', periods: [] }, context)).toEqual([]);
  });
});
