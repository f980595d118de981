import { readFileSync } from 'node:fs';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import { operations } from '../generated/operations';
import openapi from '../generated/openapi.json' with { type: 'json' };
import { scopedFor } from '../modules/auth/sessionUser';
import type { CommittedVersions } from '../writes/dataVersions';
import type { Answer } from '../writes/idempotency';
import type { OutboxDispatcher } from '../writes/outbox';
import { recordsOutside, type Actor } from '../writes/records';
import { etagOf, tagListMatches } from './etag';
import { genericChildren, genericGet, rowInScope, type GenericInput } from '../reads/genericList';
import { cachedGenericList } from './listCache';
import { genericCreate, genericUpdate } from './genericWrite';
import { genericAction, genericDelete } from './genericRecordWrites';
import type { FileAnswer, GenericMeta, OperationDef, Page, PreparedPage, RequestContext } from './operationDef';
import type { SessionUser } from '../modules/auth/sessionUser';
import { assertMayCall } from './callerChecks';
import { DomainError } from '../domain/errors';
import { isForeignRecord } from './foreignRecord';
import { forbidden, HttpProblem, unauthenticated, notFound } from './problem';
import { takeRecordBack } from './roundTrip';
import { checkBody, checkParams, checkQuery, compileValidators, type Validators } from './validation';
import { issueCsrfToken, readCookie, writeCookie } from './security';
import { runWrite } from './writeRequest';
import { isMultipart, readMultipart } from './uploads';

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

/** Who acts: the signed-in user (the emulated one while emulating), the administrator behind, and whence. */
function actorOf(user: SessionUser | undefined, ip: string, apiClient: string | null): Actor {
  return { userId: user?.id ?? null, onBehalfOf: user?.real?.id ?? null, ip, apiClient };
}

function requestContext(ctx: Context, db: Knex, operation: OperationDef): RequestContext {
  const user = ctx.state['user'] as SessionUser | undefined;
  const actor = actorOf(user, ctx.ip, (ctx.state['apiClient'] as string | undefined) ?? null);
  return {
    db,
    records: recordsOutside(db, actor),
    actor,
    user: user && scopedFor(user, operation.permission),
    ip: ctx.ip,
    versions: ctx.state['versions'] as CommittedVersions | undefined,
    now: () => Date.now(),
    cookies: {
      get: (name) => readCookie(ctx, name),
      set: (name, value, options = {}) => writeCookie(ctx, name, value, { ...options, httpOnly: options.httpOnly ?? true }),
      renewCsrf: (sessionToken) => issueCsrfToken(ctx, sessionToken),
    },
  };
}

/**
 * What a user whose organisation requires two-factor sign-in may do before enrolling
 * (docs/backoffice.md): see who they are, enrol, change language, sign out.
 */
const WHILE_ENROLLING = new Set<string>([
  'whoami',
  'logout',
  'endEmulation',
  'login',
  'updateMyLanguage',
  'getMyTwoFactor',
  'startTwoFactorEnrolment',
  'confirmTwoFactor',
]);

function operationById(id: string): OperationDef {
  const operation = operations.find((candidate) => candidate.id === id);
  if (!operation) throw new Error(`unknown operation ${id}`);
  return operation;
}

/**
 * Whether a record the caller can open lies outside its scope, open to it only as a shared one
 * (a template role): its child lists then show only rows of the caller's own scope.
 */
async function sharedOnly(getOperationId: string, id: number, context: RequestContext): Promise<boolean> {
  const access = operationById(getOperationId).access;
  if (!access?.shared || !access.scope) return false;
  const meta: GenericMeta = { kind: 'get', entity: access.entity, fields: [], expand: [], sort: [], filters: [], scope: access.scope };
  return rowInScope(context.db, meta, { params: { id }, query: {}, user: context.user }).then(
    () => false,
    () => true,
  );
}

const parentQueries = new Map<string, ReturnType<typeof compileValidators>['query']>();

/**
 * A record read as the caller would read it, by its get operation (generic or hand-written): the
 * parent check of a child list (visible exactly when its record is, its 403s too), and what a
 * write's If-Match is compared with.
 */
async function readRecord(getOperationId: string, id: number, context: RequestContext): Promise<unknown> {
  const get = operationById(getOperationId);
  // The record's conditions hold for what hangs off it too (a root-only record's lists).
  assertMayCall(context.user, get);
  const scoped = { ...context, user: context.user && scopedFor(context.user, get.permission) };
  if (get.generic) return genericGet(scoped.db, get.generic, { params: { id }, query: {}, user: scoped.user });
  let validate = parentQueries.get(get.id);
  if (!validate) parentQueries.set(get.id, (validate = compileValidators(get).query));
  const query: Record<string, unknown> = {};
  checkQuery(validate, query);
  return get.handler!({ params: { id }, query, body: undefined }, scoped);
}

async function runOperation(operation: OperationDef, input: GenericInput & { body: unknown }, context: RequestContext): Promise<unknown> {
  if (!operation.generic) return operation.handler!(input, context);
  const meta = operation.generic;
  const { db } = context;
  switch (meta.kind) {
    case 'list':
      return cachedGenericList(db, operation.id, meta, input, context.versions);
    case 'get':
      return genericGet(db, meta, input);
    case 'children': {
      const id = Number(input.params['id']);
      await readRecord(meta.children!.of, id, context);
      return genericChildren(
        db,
        meta,
        { ...input, sharedParent: await sharedOnly(meta.children!.of, id, context) },
        operation.paged === true,
      );
    }
    case 'create':
      return genericCreate(context, meta, input);
    case 'update':
      return genericUpdate(context, meta, input);
    case 'action':
      return genericAction(context, meta, input);
    case 'delete':
      return genericDelete(context, meta, input);
  }
}

/** A JSON body must come as JSON: another content type is a 415, not a body read as empty. */
function checkContentType(ctx: Context): void {
  const declared = ctx.get('content-type');
  const sent = declared !== '' || Number(ctx.get('content-length') || 0) > 0;
  if (sent && !ctx.is('application/json', '+json')) throw new HttpProblem(415, 'unsupported_media_type');
}

/** A file name as a Content-Disposition header: plain ASCII in `filename`, the exact name in `filename*` (RFC 6266). */
export function contentDisposition(fileName: string, plainOnly = false): string {
  const plain = fileName.replace(/[^A-Za-z0-9._ -]/g, '_');
  if (plainOnly && plain === fileName) return `attachment; filename="${plain}"`;
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function answerOf(operation: OperationDef, query: Record<string, unknown>, result: unknown): Answer {
  const headers: Record<string, string> = {};
  if (operation.file) {
    const file = result as FileAnswer;
    // Text files are UTF-8 (the catalogue's names are not ASCII).
    headers['Content-Type'] = file.contentType.startsWith('text/') ? `${file.contentType}; charset=utf-8` : file.contentType;
    headers['Content-Disposition'] = contentDisposition(file.fileName, file.plainName === true);
    if (file.cacheControl) headers['Cache-Control'] = file.cacheControl;
    return { status: operation.status, body: typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content, headers };
  }
  if (operation.paged) {
    const page = result as Page<unknown>;
    const perPage = Number(query['per_page']);
    headers['x-total-count'] = String(page.total);
    headers['x-total-pages'] = String(Math.ceil(page.total / perPage));
    const prepared = page as Partial<PreparedPage>;
    if (prepared.json && prepared.etag && prepared.cacheControl) {
      headers['ETag'] = prepared.etag;
      headers['Cache-Control'] = prepared.cacheControl;
      headers['Content-Type'] = 'application/json; charset=utf-8';
      return { status: operation.status, body: prepared.json, headers };
    }
    return { status: operation.status, body: page.rows, headers };
  }
  if ((operation.etag || operation.record?.same) && result !== undefined) headers['ETag'] = etagOf(result);
  return { status: operation.status, body: result, headers };
}

function send(ctx: Context, answer: Answer): void {
  ctx.status = answer.status;
  ctx.set(answer.headers);
  if (answer.body !== undefined) ctx.body = answer.body;
}

function mount(router: Router, db: Knex, operation: OperationDef, outbox: OutboxDispatcher | undefined): void {
  // Compiled on the operation's first request, not at start-up: compiling every operation's
  // schemas took most of the server's start (docs/performance.md, "npm start"). That they all
  // compile is tested (validation.test.ts).
  let compiled: Validators | undefined;
  router[operation.method](operation.path, async (ctx) => {
    try {
      await serve(ctx);
    } catch (error) {
      // A record of another organisation answers 403 where its entity says so (001 §2 quotes), not 404.
      const id = ctx.params['id'] === undefined ? NaN : Number(ctx.params['id']);
      const missing =
        (error instanceof HttpProblem && error.status === 404) || (error instanceof DomainError && error.kind === 'not_found');
      if (missing && Number.isSafeInteger(id) && (await isForeignRecord(db, operation, requestContext(ctx, db, operation).user, id)))
        throw forbidden();
      throw error;
    }
  });
  const serve = async (ctx: Context) => {
    const validators = (compiled ??= compileValidators(operation));
    // Who may call comes first: a signed-out caller learns nothing about the parameters.
    const base = requestContext(ctx, db, operation);
    if (operation.auth === 'session' && !base.user) throw unauthenticated();
    assertMayCall(base.user, operation);
    if (base.user?.twoFactorMissing && !WHILE_ENROLLING.has(operation.id)) throw new HttpProblem(403, 'two_factor_enrolment_required');
    const params: Record<string, unknown> = { ...ctx.params };
    checkParams(validators.params, params, validators.integerParams);
    const query = plainQuery(ctx);
    checkQuery(validators.query, query, validators.integerQuery);
    // 002 §7: an operation taking files takes its body as multipart/form-data too (its jsonBody part).
    const multipart = operation.files && isMultipart(ctx) ? await readMultipart(ctx, operation.files) : undefined;
    const sent: unknown = multipart ? multipart.body : ctx.request.body;
    if (validators.body && !multipart) checkContentType(ctx);
    if (validators.body) checkBody(validators.body, sent);
    // The record as its GET answered it, taken back into the input the handler expects.
    const { body, fixed } = takeRecordBack(operation.bodySchema, sent);
    const input = { params, query, body, ...(operation.files && { files: multipart?.files ?? {} }), user: base.user };
    const run = (context: RequestContext) => runOperation(operation, input, context);

    if (operation.method === 'get' || operation.auth === 'public') {
      const answer = answerOf(operation, query, await run(base));
      const etag = answer.headers['ETag'];
      const known = ctx.get('if-none-match');
      if (etag && known && tagListMatches(known, etag)) {
        ctx.status = 304;
        ctx.set('ETag', etag);
        const cacheControl = answer.headers['Cache-Control'];
        if (cacheControl) ctx.set('Cache-Control', cacheControl);
        return;
      }
      send(ctx, answer);
      return;
    }
    const recordId = params['id'] === undefined ? undefined : Number(params['id']);
    send(
      ctx,
      await runWrite(ctx, db, operation, base, {
        recordId,
        run,
        readRecord,
        fixed,
        answerOf: (result) => answerOf(operation, query, result),
      }),
    );
    outbox?.kick();
  };
}

/** The readable API reference (generated beside openapi.json): HTML and CSS only, no script. */
const apiReference = readFileSync(new URL('../generated/apiReference.html', import.meta.url), 'utf8');

const PREFIX = '/api/v1';

/** The first segment of a path under the prefix (`/products/:id` → `products`). */
const firstSegment = (path: string) => path.slice(1).split('/', 1)[0]!;

/**
 * The API's routes under /api/v1, a router per first path segment: @koa/router tests a request's
 * path against every route it holds in turn, which over all of them was 6 % of a catalogue page
 * (docs/performance.md); a lookup by segment leaves it a handful. A path under the prefix that no
 * route matches is a 404 problem; other paths go on to the next middleware.
 */
export function apiRouter(db: Knex, outbox?: OutboxDispatcher): Middleware {
  const routers = new Map<string, Router>();
  const routerFor = (path: string) => {
    const segment = firstSegment(path);
    if (segment.startsWith(':') || segment.startsWith('{')) throw new Error(`${path}: an API path starts with a fixed segment`);
    let router = routers.get(segment);
    if (!router) routers.set(segment, (router = new Router({ prefix: PREFIX })));
    return router;
  };
  routerFor('/openapi.json').get('/openapi.json', (ctx) => {
    ctx.body = openapi;
  });
  routerFor('/docs').get('/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = apiReference;
  });
  for (const operation of operations) mount(routerFor(operation.path), db, operation, outbox);
  // Mounted as plain Koa middleware: the router's own context type adds what it sets (params).
  const routes = new Map([...routers].map(([segment, router]) => [segment, router.routes() as unknown as Middleware]));
  const missing = () => {
    throw notFound();
  };
  return (ctx, next) => {
    if (!ctx.path.startsWith(`${PREFIX}/`)) return next();
    const segmentRoutes = routes.get(firstSegment(ctx.path.slice(PREFIX.length)));
    return segmentRoutes ? segmentRoutes(ctx, async () => missing()) : missing();
  };
}
