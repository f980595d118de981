import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { operations } from '../generated/operations';
import openapi from '../generated/openapi.json' with { type: 'json' };
import { scopedFor } from '../modules/auth/sessionUser';
import { genericChildren, genericGet, genericList, rowInScope, type GenericInput } from './genericList';
import { genericCreate, genericUpdate } from './genericWrite';
import type { GenericMeta, OperationDef, Page, RequestContext } from './operationDef';
import type { SessionUser } from '../modules/auth/sessionUser';
import { assertMayCall } from './callerChecks';
import { unauthenticated, notFound } from './problem';
import { checkBody, checkParams, checkQuery, compileValidators } from './validation';
import { issueCsrfToken, readCookie, writeCookie } from './security';

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
      get: (name) => readCookie(ctx, name),
      set: (name, value, options = {}) => writeCookie(ctx, name, value, { ...options, httpOnly: options.httpOnly ?? true }),
      renewCsrf: (sessionToken) => issueCsrfToken(ctx, sessionToken),
    },
  };
}

/**
 * Whether a record the caller can open lies outside its scope, open to it only as a shared one
 * (a template role): its child lists then show only rows of the caller's own scope.
 */
async function sharedOnly(parent: OperationDef, id: number, context: RequestContext): Promise<boolean> {
  const record = parent.record;
  if (!record?.shared || !record.scope) return false;
  const meta: GenericMeta = { kind: 'get', entity: record.entity, fields: [], expand: [], sort: [], filters: [], scope: record.scope };
  return rowInScope(context.db, meta, { params: { id }, query: {}, user: context.user }).then(
    () => false,
    () => true,
  );
}

/**
 * The parent check of a child list: the parent's own get, generic or hand-written, so the child
 * list is visible exactly when its record is (a 404 outside the caller's reach, its 403s too).
 * Answers whether the record is open to the caller only as a shared one (sharedOnly).
 */
function parentCheck(operation: OperationDef): ((id: number, context: RequestContext) => Promise<boolean>) | undefined {
  const of = operation.generic?.children?.of;
  if (!of) return undefined;
  const parent = operations.find((candidate) => candidate.id === of);
  if (!parent) throw new Error(`${operation.id}: unknown parent operation ${of}`);
  const parentQuery = compileValidators(parent).query;
  return async (id, context) => {
    // The parent's conditions hold for its child lists too (a root-only record's lists).
    assertMayCall(context.user, parent);
    if (parent.generic) {
      await genericGet(context.db, parent.generic, { params: { id }, query: {}, user: context.user });
      return false;
    }
    const query: Record<string, unknown> = {};
    checkQuery(parentQuery, query);
    await parent.handler!({ params: { id }, query, body: undefined }, context);
    return sharedOnly(parent, id, context);
  };
}

async function runGeneric(operation: OperationDef, db: Knex, input: GenericInput & { body: unknown }, context: RequestContext, checkParent: ReturnType<typeof parentCheck>): Promise<unknown> {
  const meta = operation.generic!;
  switch (meta.kind) {
    case 'list':
      return genericList(db, meta, input);
    case 'get':
      return genericGet(db, meta, input);
    case 'children': {
      const sharedParent = await checkParent!(Number(input.params['id']), context);
      return genericChildren(db, meta, { ...input, sharedParent }, operation.paged === true);
    }
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

