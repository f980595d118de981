import type { Knex } from 'knex';
import { columnOf, encodeValue, tableOf } from '../db/codec';
import type { FieldMeta } from '../db/entityMeta';
import { entities, type EntityName } from '../generated/entities';
import type { SessionUser } from '../modules/auth/sessionUser';
import type { GenericMeta, Page } from './genericMeta';
import { recordNotFound } from '../domain/errors';
import { orderByText } from '../db/textOrder';
import { flipped, readStretch } from '../db/pageWindow';
import { toViews } from './recordViews';

type Row = Record<string, unknown>;

const TEXT_TYPES = new Set(['string', 'text', 'email', 'url', 'phone']);

function fieldMeta(entity: EntityName, field: string): FieldMeta {
  const meta = (entities[entity].fields as Record<string, FieldMeta>)[field];
  if (!meta) throw new Error(`${entity} has no field ${field}`);
  return meta;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The subtree of an organisation: its materialised path is a prefix of every descendant's. */
function subtreeIds(db: Knex, treePath: string): Knex.QueryBuilder {
  return db('organisations')
    .where('tree_path', 'like', `${escapeLike(treePath)}%`)
    .select('id');
}

/** The organisations of the caller's tree scope: its own and those below, or only those below for a grant of 1. */
function organisationsInScope(db: Knex, user: SessionUser): Knex.QueryBuilder {
  const organisations = subtreeIds(db, user.organisation.tree_path);
  if (user.treeScope === 'children') organisations.whereNot('id', user.organisation.id);
  return organisations;
}

/**
 * Keeps the rows of a child list whose every organisation and user (by their organisation) lies in
 * the caller's scope. For a record in that scope the organisations above the caller count too:
 * the supplier's staff acting on a reseller's order are part of its history. A record shared
 * with the caller from outside it (a template role) shows only rows of the caller's own scope.
 */
function keepWithinScope(
  db: Knex,
  query: Knex.QueryBuilder,
  entity: EntityName,
  table: string,
  via: string,
  user: SessionUser,
  sharedParent: boolean,
): void {
  const ancestors = user.organisation.tree_path.split('/').filter(Boolean).map(Number);
  const organisations = () => {
    const inScope = organisationsInScope(db, user);
    return sharedParent ? inScope : inScope.orWhereIn('id', ancestors);
  };
  for (const [name, field] of Object.entries(entities[entity].fields as Record<string, FieldMeta>)) {
    if (name === via || field.type !== 'ref' || (field.to !== 'organisation' && field.to !== 'user')) continue;
    const column = `${table}.${field.column}`;
    const allowed =
      field.to === 'organisation'
        ? organisations()
        : db(tableOf('user')).whereIn(columnOf('user', 'organisation'), organisations()).select('id');
    query.where((inner) => inner.whereNull(column).orWhereIn(column, allowed));
  }
  if (entity === 'organisation') query.whereIn(`${table}.id`, organisations());
}

/**
 * Restricts rows to what the caller may see; a row outside it is indistinguishable from a missing
 * one. `counting`: the query counts rows rather than reading a page in sort order.
 */
export function applyScope(
  db: Knex,
  query: Knex.QueryBuilder,
  meta: GenericMeta,
  table: string,
  user: SessionUser | undefined,
  counting = false,
): void {
  if (!meta.scope) return;
  if (!user) {
    query.whereRaw('1 = 0');
    return;
  }
  const entity = meta.entity as EntityName;
  // Own-organisation scopes (a quote's sender) have no children to narrow to.
  const childrenOnly = user.treeScope === 'children';
  // An own scope that root reads as a tree (000 §2.8: supplier staff read their customers' baskets).
  if (meta.scope.kind === 'own' && !(meta.scope.rootReadsTree && user.root)) {
    query.where(`${table}.${columnOf(entity, meta.scope.field)}`, user.organisation.id);
  } else if (meta.scope.field === 'self') {
    query.where(`${table}.tree_path`, 'like', `${escapeLike(user.organisation.tree_path)}%`);
    if (childrenOnly) query.whereNot(`${table}.id`, user.organisation.id);
  } else {
    const column = `${table}.${columnOf(entity, meta.scope.field)}`;
    if (scopeSpansTree(db, user) && !counting) {
      // The unary + keeps SQLite from driving the query by this column's index: for a scope that
      // is a whole tree, that reads every row in scope and sorts them all (344 ms for page 1 of
      // 100,000 orders), where walking the sort's index and stopping after a page takes 13 ms
      // (docs/performance.md). A smaller scope keeps the index, and so does a count: there is no
      // sort to walk, and probing the column's index per organisation in scope (14 ms for 100,000
      // orders) beats reading every row to test it against the list (50 ms).
      query.whereRaw('+?? in ?', [column, organisationsInScope(db, user)]);
    } else {
      query.whereIn(column, organisationsInScope(db, user));
    }
  }
}

/** A caller at the top of a tree, on SQLite (PostgreSQL's planner weighs the IN list by itself). */
function scopeSpansTree(db: Knex, user: SessionUser): boolean {
  return db.client.config.client !== 'pg' && user.organisation.parent === null && user.treeScope !== 'children';
}

/** A date bound covers the whole day: from its first millisecond, or to its last. */
function boundValue(field: FieldMeta, value: unknown, match: 'gte' | 'lte'): unknown {
  if (field.type === 'timestamp' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = Date.parse(`${value}T00:00:00.000Z`);
    return match === 'gte' ? start : start + 24 * 3600_000 - 1;
  }
  return encodeValue(field, value);
}

export async function applyFilters(
  db: Knex,
  query: Knex.QueryBuilder,
  meta: GenericMeta,
  table: string,
  params: Record<string, unknown>,
  user?: SessionUser,
): Promise<void> {
  const entity = meta.entity as EntityName;
  for (const filter of meta.filters) {
    const value = params[filter.param];
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    if (filter.match === 'has') {
      const has = filter.has!;
      const children = db(has.table)
        .select(db.raw('1'))
        .where(`${has.table}.${has.column}`, db.ref(`${table}.id`));
      if (value === true) query.whereExists(children);
      else query.whereNotExists(children);
      continue;
    }
    const columns = filter.fields.map((name) => `${table}.${columnOf(entity, name)}`);
    const field = fieldMeta(entity, filter.fields[0]!);
    switch (filter.match) {
      case 'search': {
        const pattern = `%${escapeLike(String(value).trim().toLowerCase())}%`;
        query.where((inner) => {
          for (const column of columns) inner.orWhereRaw(`lower(${column}) like ? escape '\\'`, [pattern]);
        });
        break;
      }
      case 'eq':
        query.where(columns[0]!, encodeValue(field, value) as Knex.Value);
        break;
      case 'in':
        query.whereIn(columns[0]!, (value as unknown[]).map((item) => encodeValue(field, item)) as Knex.Value[]);
        break;
      case 'gte':
        query.where(columns[0]!, '>=', boundValue(field, value, 'gte') as Knex.Value);
        break;
      case 'lte':
        query.where(columns[0]!, '<=', boundValue(field, value, 'lte') as Knex.Value);
        break;
      case 'set':
        if (value === true) query.whereNotNull(columns[0]!);
        else query.whereNull(columns[0]!);
        break;
      case 'subtree': {
        const organisation = await db('organisations').where('id', Number(value)).first('tree_path');
        // An organisation the caller cannot see matches nothing; the scope already hides the rest.
        if (!organisation) query.whereRaw('1 = 0');
        else if (field.type === 'id') query.where(`${table}.tree_path`, 'like', `${escapeLike(organisation.tree_path)}%`);
        else query.whereIn(columns[0]!, subtreeIds(db, organisation.tree_path));
        break;
      }
      case 'not_own':
        // 001 §2 "my customers": every organisation the caller sees but its own.
        if (value === true && user) query.whereNot(columns[0]!, user.organisation.id);
        break;
    }
  }
}

/** The record's columns plus each child-row count of the schema, computed by the same query. */
function selectRow(db: Knex, query: Knex.QueryBuilder, meta: GenericMeta, table: string): Knex.QueryBuilder {
  query.select(`${table}.*`);
  for (const count of meta.counts ?? []) {
    query.select(
      db(count.table)
        .count('*')
        .where(`${count.table}.${count.column}`, db.ref(`${table}.id`))
        .as(count.property),
    );
  }
  for (const present of meta.present ?? []) {
    query.select(db.raw('(case when ?? is null then 0 else 1 end) as ??', [`${table}.${present.column}`, present.property]));
  }
  return query;
}

export interface GenericInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  user: SessionUser | undefined;
}

/**
 * The rows of `base` in `sortBy` order (`+name`, text case-insensitively), ties broken by id; or,
 * `reversed`, exactly backwards (db/pageWindow.ts).
 */
function ordered(db: Knex, meta: GenericMeta, base: Knex.QueryBuilder, table: string, sortBy: string, reversed = false): Knex.QueryBuilder {
  const sortField = fieldMeta(meta.entity as EntityName, sortBy.slice(1));
  const sortColumn = `${table}.${sortField.column}`;
  const forwards = sortBy.startsWith('-') ? 'desc' : 'asc';
  const direction = reversed ? flipped(forwards) : forwards;
  const query = selectRow(db, base.clone(), meta, table);
  if (TEXT_TYPES.has(sortField.type)) orderByText(db, query, sortColumn, direction);
  else query.orderBy(sortColumn, direction);
  return query.orderBy(`${table}.id`, reversed ? 'desc' : 'asc');
}

/** Counts a query, or, given a cache's counter (http/listCache.ts), asks it first: one count per filter set and scope. */
export type ListCounter = (compute: () => Promise<number>) => Promise<number>;
const counting: ListCounter = (compute) => compute();

async function pageOf(
  db: Knex,
  meta: GenericMeta,
  base: Knex.QueryBuilder,
  table: string,
  query: Record<string, unknown>,
  sortBy: string,
  countBase = base,
  counted = counting,
): Promise<Page<unknown>> {
  const perPage = Number(query['per_page']);
  const page = Number(query['page']);
  const total = await counted(async () => Number((await countBase.clone().count({ n: '*' }).first())?.['n'] ?? 0));
  const from = (page - 1) * perPage;
  const rows = await readStretch(
    total,
    from,
    from + perPage,
    async (window) => (await ordered(db, meta, base, table, sortBy, window.reversed).limit(window.limit).offset(window.offset)) as Row[],
  );
  return { rows: await toViews(db, meta, rows), total };
}

/** A spec-declared list: scope, filters, sort_by and paging over the entity, no code. */
export async function genericList(
  db: Knex,
  meta: GenericMeta,
  input: GenericInput,
  counted: ListCounter = counting,
): Promise<Page<unknown>> {
  const table = tableOf(meta.entity as EntityName);
  const filtered = db(table);
  await applyFilters(db, filtered, meta, table, input.query, input.user);
  const base = filtered.clone();
  applyScope(db, base, meta, table, input.user);
  const countBase = filtered.clone();
  applyScope(db, countBase, meta, table, input.user, true);
  return pageOf(db, meta, base, table, input.query, String(input.query['sort_by']), countBase, counted);
}

/**
 * A spec-declared child list of one record, once the caller has passed the parent's get (the
 * router runs it first), never naming anyone outside the caller's scope (keepWithinScope).
 * Paged when the operation is, otherwise every row in order.
 */
export async function genericChildren(
  db: Knex,
  meta: GenericMeta,
  input: GenericInput & { sharedParent: boolean },
  paged: boolean,
): Promise<Page<unknown> | unknown[]> {
  const children = meta.children;
  if (!children) throw new Error(`${meta.entity}: not a child list`);
  if (!input.user) throw new Error(`${meta.entity}: a child list needs a caller`);
  const entity = meta.entity as EntityName;
  const table = tableOf(entity);
  const base = db(table).where(`${table}.${columnOf(entity, children.via)}`, Number(input.params['id']));
  for (const [field, value] of Object.entries(children.where))
    base.where(`${table}.${columnOf(entity, field)}`, encodeValue(fieldMeta(entity, field), value) as Knex.Value);
  keepWithinScope(db, base, entity, table, children.via, input.user, input.sharedParent);
  const sortBy = typeof input.query['sort_by'] === 'string' ? input.query['sort_by'] : children.defaultSort;
  if (paged) return pageOf(db, meta, base, table, input.query, sortBy);
  return toViews(db, meta, (await ordered(db, meta, base, table, sortBy)) as Row[]);
}

/** The stored row of a record within the caller's scope (outside it: 404, as if missing). */
export async function rowInScope(db: Knex, meta: GenericMeta, input: GenericInput): Promise<Row> {
  const row = (await scopedRowQuery(db, meta, input).first()) as Row | undefined;
  if (!row) throw recordNotFound();
  return row;
}

function scopedRowQuery(db: Knex, meta: GenericMeta, input: GenericInput): Knex.QueryBuilder {
  const table = tableOf(meta.entity as EntityName);
  const query = db(table).where(`${table}.id`, Number(input.params['id']));
  applyScope(db, query, meta, table, input.user);
  return selectRow(db, query, meta, table);
}

/**
 * The read of rowInScope's row that locks it for the transaction (PostgreSQL: `for update` of the
 * record's table alone, not of the organisations its scope reads), answering no row outside the
 * scope. Undefined for a meta that counts child rows: a row locked after a wait is the writer's new
 * version, but the counts' subqueries would still see the statement's older snapshot.
 */
export function lockRowQuery(db: Knex, meta: GenericMeta, input: GenericInput): Knex.QueryBuilder | undefined {
  if ((meta.counts ?? []).length > 0) return undefined;
  const table = tableOf(meta.entity as EntityName);
  return scopedRowQuery(db, meta, input).forUpdate(table).limit(1);
}

/** A spec-declared get by id, within the caller's scope (outside it: 404, as if missing). */
export async function genericGet(db: Knex, meta: GenericMeta, input: GenericInput): Promise<unknown> {
  const row = await rowInScope(db, meta, input);
  const [view] = await toViews(db, meta, [row]);
  return view;
}
