import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { operations } from '../generated/operations';
import openapi from '../generated/openapi.json' with { type: 'json' };
import { guardPasses } from '../modules/auth/guard';
import { hasPermission } from '../modules/auth/sessionUser';
import { SESSION_COOKIE } from '../modules/auth/sessions';
import { genericGet, genericList } from './genericList';
import type { OperationDef, Page, RequestContext } from './operationDef';
import { forbidden, unauthenticated, notFound } from './problem';
import { checkBody, checkParams, checkQuery, compileValidators } from './validation';

function plainQuery(ctx: Context): Record<string, unknown> {
  const query: Record<string, unknown> = { ...ctx.query };
  // An unencoded "+name" arrives as " name": the + of a sort direction is meant.
  if (typeof query['sort_by'] === 'string') query['sort_by'] = query['sort_by'].replace(/^ /, '+');
  return query;
}

function requestContext(ctx: Context, db: Knex): RequestContext {
  return {
    db,
    user: ctx.state['user'],
    ip: ctx.ip,
    now: () => Date.now(),
    cookies: {
      get: (name) => ctx.cookies.get(name),
      set: (name, value, options = {}) =>
        ctx.cookies.set(name, value, {
          httpOnly: options.httpOnly ?? true,
          sameSite: 'lax',
          secure: ctx.secure,
          overwrite: true,
          ...(options.maxAge !== undefined && { maxAge: options.maxAge }),
        }),
    },
  };
}

function mount(router: Router, db: Knex, operation: OperationDef): void {
  const validators = compileValidators(operation);
  router[operation.method](operation.path, async (ctx) => {
    const params: Record<string, unknown> = { ...ctx.params };
    checkParams(validators.params, params);
    const query = plainQuery(ctx);
    checkQuery(validators.query, query);
    const body: unknown = ctx.request.body;
    if (validators.body) checkBody(validators.body, body);
    const context = requestContext(ctx, db);
    if (operation.auth === 'session' && !context.user) throw unauthenticated();
    if (operation.permission && context.user && !hasPermission(context.user, operation.permission)) throw forbidden();
    if (operation.guard && (!context.user || !guardPasses(context.user, operation.guard))) throw forbidden();
    const input = { params, query, body };
    const result = operation.generic
      ? await (operation.generic.kind === 'list' ? genericList : genericGet)(db, operation.generic, { params, query, user: context.user })
      : await operation.handler!(input, context);
    ctx.status = operation.status;
    if (operation.paged) {
      const page = result as Page<unknown>;
      const perPage = Number(query['per_page']);
      ctx.set('x-total-count', String(page.total));
      ctx.set('x-total-pages', String(Math.ceil(page.total / perPage)));
      ctx.body = page.rows;
    } else if (result !== undefined) {
      ctx.body = result;
    }
  });
}

export function apiRouter(db: Knex): Router {
  const router = new Router({ prefix: '/api/v1' });
  router.get('/openapi.json', (ctx) => {
    ctx.body = openapi;
  });
  for (const operation of operations) mount(router, db, operation);
  router.all('/{*rest}', () => {
    throw notFound();
  });
  return router;
}

export { SESSION_COOKIE };
