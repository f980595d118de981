import { readFileSync } from 'node:fs';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { operations } from '../generated/operations';
import openapi from '../generated/openapi.json' with { type: 'json' };
import { scopedFor } from '../modules/auth/sessionUser';
import { SESSION_COOKIE } from '../modules/auth/sessions';
import { genericChildren, genericGet, genericList, type GenericInput } from './genericList';
import { genericCreate, genericUpdate } from './genericWrite';
import type { OperationDef, Page, RequestContext } from './operationDef';
import type { SessionUser } from '../modules/auth/sessionUser';
import { assertMayCall } from './callerChecks';
import { unauthenticated, notFound } from './problem';
import { checkBody, checkParams, checkQuery, compileValidators } from './validation';

function plainQuery(ctx: Context): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  // Arrays come as repeated parameters, with or without the brackets some clients add (vendor[]=1).
  for (const [name, value] of Object.entries(ctx.query)) {
    const plain = name.endsWith('[]') ? name.slice(0, -2) : name;
    const earlier = query[plain];
    query[plain] = earlier === undefined ? value : [earlier, value].flat();
  }
  // An unencoded "+name" arrives as " name": the + of a sort direction is meant.
  if (typeof query['sort_by'] === 'string') query['sort_by'] = query['sort_by'].replace(/^ /, '+');
  return query;
}

function requestContext(ctx: Context, db: Knex, operation: OperationDef): RequestContext {
  const user = ctx.state['user'] as SessionUser | undefined;
  return {
    db,
    user: user && scopedFor(user, operation.permission),
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

/**
 * The parent check of a child list: the parent's own get, generic or hand-written, so the child
 * list is visible exactly when its record is (a 404 outside the caller's reach, its 403s too).
 */
function parentCheck(operation: OperationDef): ((id: number, context: RequestContext) => Promise<unknown>) | undefined {
  const of = operation.generic?.children?.of;
  if (!of) return undefined;
  const parent = operations.find((candidate) => candidate.id === of);
  if (!parent) throw new Error(`${operation.id}: unknown parent operation ${of}`);
  const parentQuery = compileValidators(parent).query;
  return async (id, context) => {
    // The parent's conditions hold for its child lists too (a root-only record's lists).
    assertMayCall(context.user, parent);
    if (parent.generic) return genericGet(context.db, parent.generic, { params: { id }, query: {}, user: context.user });
    const query: Record<string, unknown> = {};
    checkQuery(parentQuery, query);
    return parent.handler!({ params: { id }, query, body: undefined }, context);
  };
}

async function runGeneric(operation: OperationDef, db: Knex, input: GenericInput & { body: unknown }, context: RequestContext, checkParent: ReturnType<typeof parentCheck>): Promise<unknown> {
  const meta = operation.generic!;
  switch (meta.kind) {
    case 'list':
      return genericList(db, meta, input);
    case 'get':
      return genericGet(db, meta, input);
    case 'children':
      await checkParent!(Number(input.params['id']), context);
      return genericChildren(db, meta, input, operation.paged === true);
    case 'create':
      return genericCreate(db, meta, input);
    case 'update':
      return genericUpdate(db, meta, input);
  }
}

function mount(router: Router, db: Knex, operation: OperationDef): void {
  const validators = compileValidators(operation);
  const checkParent = parentCheck(operation);
  router[operation.method](operation.path, async (ctx) => {
    // Who may call comes first: a signed-out caller learns nothing about the parameters.
    const context = requestContext(ctx, db, operation);
    if (operation.auth === 'session' && !context.user) throw unauthenticated();
    assertMayCall(context.user, operation);
    const params: Record<string, unknown> = { ...ctx.params };
    checkParams(validators.params, params);
    const query = plainQuery(ctx);
    checkQuery(validators.query, query);
    const body: unknown = ctx.request.body;
    if (validators.body) checkBody(validators.body, body);
    const input = { params, query, body };
    const result = operation.generic
      ? await runGeneric(operation, db, { params, query, body, user: context.user }, context, checkParent)
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

/** The readable API reference (generated beside openapi.json): HTML and CSS only, no script. */
const apiReference = readFileSync(new URL('../generated/apiReference.html', import.meta.url), 'utf8');

export function apiRouter(db: Knex): Router {
  const router = new Router({ prefix: '/api/v1' });
  router.get('/openapi.json', (ctx) => {
    ctx.body = openapi;
  });
  router.get('/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = apiReference;
  });
  for (const operation of operations) mount(router, db, operation);
  router.all('/{*rest}', () => {
    throw notFound();
  });
  return router;
}

export { SESSION_COOKIE };
