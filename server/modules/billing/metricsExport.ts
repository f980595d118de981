import type { MetricsAccountManager } from '../../generated/types';
import { csvDocument } from '../../http/csv';
import type { Handler } from '../../http/operationDef';
import { DomainError } from '../../domain/errors';
import { metricsPage } from './metrics';

const HEADER = ['Account manager', 'Period', 'Period start', 'New on HUB', 'Number of sales', 'Sales (USD)', 'Sales (EUR)', 'Sales (GBP)'];
const PERIOD_NAMES = { week: 'Week', month: 'Month', quarter: 'Quarter' } as const;
/** Every manager in one file: the table's own largest page. */
const ALL = 1000;

/** The CSV rows of the table (001 §2): each manager's sums over the periods chosen, then its periods. */
export function metricsCsvRows(managers: MetricsAccountManager[]): (string | number)[][] {
  return managers.flatMap((manager) => [
    [manager.name, 'Total', '', manager.new_on_hub, manager.sales_num, manager.sales_usd, manager.sales_eur, manager.sales_gbp],
    ...manager.periods.map((period) => [
      manager.name,
      PERIOD_NAMES[period.period],
      period.period_start,
      period.new_orgs,
      period.orders,
      period.sales_usd,
      period.sales_eur,
      period.sales_gbp,
    ]),
  ]);
}

/**
 * POST /metrics/export: the metrics the filters select, sorted as the table, as a CSV attachment
 * named after today (UTC). Cells are guarded against formula injection as every CSV export is
 * (server/http/csv.ts): a manager named "=cmd|…" stays text. At most 1,000 account managers may
 * be named (400 invalid_body naming account_managers).
 */
export const exportMetrics: Handler<'exportMetrics'> = async ({ body }, context) => {
  // The file holds at most ALL managers, so naming more is a mistake; and tens of thousands of ids
  // would pass the databases' bound-variable limits (issue 22: "too many SQL variables", a 500).
  if ((body.account_managers?.length ?? 0) > ALL) {
    throw new DomainError('invalid', 'invalid_body', { field: 'account_managers', detail: `at most ${ALL} account managers at once` });
  }
  const page = await metricsPage(context.db, {
    ...(body.account_managers && { accountManagers: body.account_managers }),
    ...(body.time_period && { periods: body.time_period }),
    sortBy: body.sort_by ?? '+name',
    page: 1,
    perPage: ALL,
  });
  const today = new Date(context.now()).toISOString().slice(0, 10);
  return { content: csvDocument(HEADER, metricsCsvRows(page.rows)), fileName: `sales-metrics-${today}.csv`, contentType: 'text/csv' };
};
