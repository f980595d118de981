import type { Handler, RequestContext } from '../../http/operationDef';
import { forbidden, notFound, unauthenticated } from '../../http/problem';
import type { SessionUser } from '../auth/sessionUser';
import { utcDay } from './daysOverdue';
import { invoicePage } from './invoiceList';
import { metricsPage } from './metrics';

function signedIn(context: RequestContext): SessionUser {
  if (!context.user) throw unauthenticated();
  return context.user;
}

/** 001 §6: the sales metrics are for the supplier's own staff only. */
function rootUser(context: RequestContext): SessionUser {
  const user = signedIn(context);
  if (!user.root) throw forbidden();
  return user;
}

export const listInvoices: Handler<'listInvoices'> = async ({ query }, context) =>
  invoicePage(context.db, query, signedIn(context), utcDay(context.now()));

export const listMetrics: Handler<'listMetrics'> = async ({ query }, context) => {
  rootUser(context);
  return metricsPage(context.db, {
    ...(query.account_managers && { accountManagers: query.account_managers }),
    ...(query.time_period && { periods: query.time_period }),
    sortBy: query.sort_by,
    page: query.page,
    perPage: query.per_page,
  });
};

export const getMetrics: Handler<'getMetrics'> = async ({ params, query }, context) => {
  rootUser(context);
  const page = await metricsPage(context.db, {
    accountManagers: [params.id],
    ...(query.time_period && { periods: query.time_period }),
    sortBy: '+name',
    page: 1,
    perPage: 1,
  });
  const [manager] = page.rows;
  if (!manager) throw notFound();
  return manager;
};
