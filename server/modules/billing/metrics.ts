import type { Knex } from 'knex';
import { decodeRow } from '../../db/codec';
import { fromScaled } from '../../db/scaled';
import { orderByText } from '../../db/textOrder';
import type { ListMetricsQuery, MetricsAccountManager, MetricsPeriod } from '../../generated/types';
import type { Page } from '../../reads/genericMeta';

type PeriodKind = MetricsPeriod['period'];

export interface MetricsRequest {
  accountManagers?: number[];
  periods?: PeriodKind[];
  sortBy: ListMetricsQuery['sort_by'];
  page: number;
  perPage: number;
}

const PERIOD_FIELDS = ['id', 'period', 'period_start', 'new_orgs', 'orders', 'sales_usd', 'sales_eur', 'sales_gbp'] as const;
/** Shortest first, as the page lists them (001 §9: week, month, quarter). */
const PERIOD_ORDER = `case period when 'week' then 1 when 'month' then 2 else 3 end`;
const MONEY_SUMS = ['sales_usd', 'sales_eur', 'sales_gbp'] as const;

function wherePeriods(query: Knex.QueryBuilder, periods: PeriodKind[] | undefined): Knex.QueryBuilder {
  return periods && periods.length > 0 ? query.whereIn('period', periods) : query;
}

const KINDS: readonly PeriodKind[] = ['week', 'month', 'quarter'];

/**
 * The one series the sums count. Weeks, months and quarters are the same sales seen at three
 * granularities, so adding them would count a sale up to three times (issue 22 item 14). The
 * coarsest kind shown covers the finer ones: with no period ticked, or several, the sums are the
 * longest ticked kind's (quarters when none is ticked); the table still lists every ticked series.
 */
export function countedKind(periods: readonly PeriodKind[] | undefined): PeriodKind {
  const shown = periods && periods.length > 0 ? periods : KINDS;
  return [...KINDS].reverse().find((kind) => shown.includes(kind)) ?? 'quarter';
}

/** Each account manager's sums over the counted series; managers without such periods show zeros. */
function totals(db: Knex, periods: PeriodKind[] | undefined): Knex.QueryBuilder {
  return db('metrics_periods')
    .where('period', countedKind(periods))
    .select('account_manager_id')
    .sum({ new_on_hub: 'new_orgs', sales_num: 'orders', sales_usd: 'sales_usd', sales_eur: 'sales_eur', sales_gbp: 'sales_gbp' })
    .groupBy('account_manager_id');
}

/**
 * The metrics table (001 §2): account managers with their periods, sorted by name or by a sum over
 * the counted series (countedKind), so the ranking follows the period filter and counts a sale once.
 */
export async function metricsPage(db: Knex, request: MetricsRequest): Promise<Page<MetricsAccountManager>> {
  const managers = db('metrics_account_managers as m');
  if (request.accountManagers && request.accountManagers.length > 0) managers.whereIn('m.id', request.accountManagers);
  const counted = await managers.clone().count({ n: '*' }).first();
  const sums = ['new_on_hub', 'sales_num', ...MONEY_SUMS].map((name) => db.raw(`coalesce(t.${name}, 0) as ${name}`));
  const ordered = managers
    .clone()
    .leftJoin(totals(db, request.periods).as('t'), 't.account_manager_id', 'm.id')
    .select('m.id', 'm.name', ...sums);
  const field = request.sortBy.slice(1);
  const direction = request.sortBy.startsWith('-') ? 'desc' : 'asc';
  if (field !== 'name') ordered.orderByRaw(`coalesce(t.${field}, 0) ${direction}`);
  orderByText(db, ordered, 'm.name', field === 'name' ? direction : 'asc');
  const rows = (await ordered
    .orderBy('m.id', 'asc')
    .limit(request.perPage)
    .offset((request.page - 1) * request.perPage)) as Record<string, unknown>[];
  const ids = rows.map((row) => Number(row['id']));
  const periodRows =
    ids.length === 0
      ? []
      : ((await wherePeriods(db('metrics_periods').whereIn('account_manager_id', ids), request.periods)
          .orderByRaw(PERIOD_ORDER)
          .orderBy('period_start', 'desc')
          .orderBy('id', 'asc')) as Record<string, unknown>[]);
  return {
    rows: rows.map((row) => ({
      id: Number(row['id']),
      name: String(row['name']),
      new_on_hub: Number(row['new_on_hub']),
      sales_num: Number(row['sales_num']),
      sales_usd: fromScaled(row['sales_usd'] as string | number),
      sales_eur: fromScaled(row['sales_eur'] as string | number),
      sales_gbp: fromScaled(row['sales_gbp'] as string | number),
      periods: periodRows
        .filter((period) => Number(period['account_manager_id']) === Number(row['id']))
        .map((period) => decodeRow<MetricsPeriod>('metrics_period', period, PERIOD_FIELDS)),
    })),
    total: Number(counted?.['n'] ?? 0),
  };
}
