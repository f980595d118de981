import { recordNotFound } from '../../domain/errors';
import type { Handler } from '../../http/operationDef';
import { signedIn } from '../auth/signedIn';
import { utcDay } from './daysOverdue';
import { invoicePage } from './invoiceList';
import { metricsPage } from './metrics';

export const listInvoices: Handler<'listInvoices'> = async ({ query }, context) =>
  invoicePage(context.db, query, signedIn(context), utcDay(context.now()));

// 001 §6: the sales metrics are for the supplier's own staff only (the operations' guard: root).
export const listMetrics: Handler<'listMetrics'> = async ({ query }, context) => {
  return metricsPage(context.db, {
    ...(query.account_managers && { accountManagers: query.account_managers }),
    ...(query.time_period && { periods: query.time_period }),
    sortBy: query.sort_by,
    page: query.page,
    perPage: query.per_page,
  });
};

export const getMetrics: Handler<'getMetrics'> = async ({ params, query }, context) => {
  const page = await metricsPage(context.db, {
    accountManagers: [params.id],
    ...(query.time_period && { periods: query.time_period }),
    sortBy: '+name',
    page: 1,
    perPage: 1,
  });
  const [manager] = page.rows;
  if (!manager) throw recordNotFound();
  return manager;
};
