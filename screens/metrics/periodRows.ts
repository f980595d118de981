import type { components } from '../../runtime/generated/api';
import { formatCell, type CellContext, type ListRow } from '../../runtime/list/cellFormat';

type AccountManager = components['schemas']['MetricsAccountManager'];

/**
 * The metrics table's rows per period (001 §2 "a table per account manager with rows per
 * period"; spec/screens/billing.yaml `detail_rows`): under each account manager, one row per
 * period asked for, in the table's columns. The name column says the period and its start
 * ("Week · 2nd Nov 2026"); the counts and sums are the period's own, formatted by their columns
 * (each sales column in its currency).
 */
export function periodRows(row: ListRow, context: CellContext): ListRow[] {
  const periods = (row as Partial<AccountManager>).periods ?? [];
  return periods.map((period) => {
    const cell = (field: 'period' | 'period_start', format: 'enum' | 'date') =>
      formatCell({ field, format, enum: 'metrics_period_kind', label: '', sortable: false }, period, context);
    return {
      name: [cell('period', 'enum'), cell('period_start', 'date')].filter((text) => text !== '').join(' · '),
      new_on_hub: period.new_orgs,
      sales_num: period.orders,
      sales_usd: period.sales_usd,
      sales_eur: period.sales_eur,
      sales_gbp: period.sales_gbp,
    };
  });
}
