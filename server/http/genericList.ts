import type { Knex } from 'knex';
import { columnOf, decodeRow, encodeValue, tableOf } from '../db/codec';
import type { FieldMeta } from '../db/entityMeta';
import { entities, type EntityName } from '../generated/entities';
import type { SessionUser } from '../modules/auth/sessionUser';
import type { GenericMeta, Page } from './operationDef';
import { notFound } from './problem';
import { orderByText } from '../db/textOrder';

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
  return db('organisations').where('tree_path', 'like', `${escapeLike(treePath)}%`).select('id');
}

/** Restricts rows to what the caller may see; a row outside it is indistinguishable from a missing one. */
export function applyScope(db: Knex, query: Knex.QueryBuilder, meta: GenericMeta, table: string, user: SessionUser | undefined): void {
  if (!meta.scope) return;
  if (!user) {
    query.whereRaw('1 = 0');
    return;
  }
  const entity = meta.entity as EntityName;
  if (meta.scope.kind === 'own') {
    query.where(`${table}.${columnOf(entity, meta.scope.field)}`, user.organisation.id);
  } else if (meta.scope.field === 'self') {
    query.where(`${table}.tree_path`, 'like', `${escapeLike(user.organisation.tree_path)}%`);
  } else {
    query.whereIn(`${table}.${columnOf(entity, meta.scope.field)}`, subtreeIds(db, user.organisation.tree_path));
  }
}

/** A date bound covers the whole day: from its first millisecond, or to its last. */
function boundValue(field: FieldMeta, value: unknown, match: 'gte' | 'lte'): unknown {
  if (field.type === 'timestamp' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = Date.parse(`${value}T00:00:00.000Z`);
    return match === 'gte' ? start : start + 24 * 3600_000 - 1;
  }
  return encodeValue(field, value);
}

export async function applyFilters(db: Knex, query: Knex.QueryBuilder, meta: GenericMeta, table: string, params: Record<string, unknown>): Promise<void> {
  const entity = meta.entity as EntityName;
  for (const filter of meta.filters) {
    const value = params[filter.param];
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
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
      case 'subtree': {
        const organisation = await db('organisations').where('id', Number(value)).first('tree_path');
        // An organisation the caller cannot see matches nothing; the scope already hides the rest.
        if (!organisation) query.whereRaw('1 = 0');
        else if (field.type === 'id') query.where(`${table}.tree_path`, 'like', `${escapeLike(organisation.tree_path)}%`);
        else query.whereIn(columns[0]!, subtreeIds(db, organisation.tree_path));
        break;
      }
    }
  }
}

/** The record's columns plus each child-row count of the schema, computed by the same query. */
function selectRow(db: Knex, query: Knex.QueryBuilder, meta: GenericMeta, table: string): Knex.QueryBuilder {
  query.select(`${table}.*`);
  for (const count of meta.counts ?? []) {
    query.select(db(count.table).count('*').where(`${count.table}.${count.column}`, db.ref(`${table}.id`)).as(count.property));
  }
  return query;
}

/** Decodes rows and fills ref expansions with one query per expansion, however many rows. */
export async function toViews(db: Knex, meta: GenericMeta, rows: Row[]): Promise<Row[]> {
  const entity = meta.entity as EntityName;
  const views = rows.map((row) => {
    const view = decodeRow(entity, row, meta.fields);
    for (const count of meta.counts ?? []) view[count.property] = Number(row[count.property] ?? 0);
    return view;
  });
  for (const expansion of meta.expand) {
    const column = columnOf(entity, expansion.via);
    const ids = [...new Set(rows.map((row) => row[column]).filter((id) => id !== null && id !== undefined))] as number[];
    const target = expansion.entity as EntityName;
    const related = ids.length === 0 ? [] : await db(tableOf(target)).whereIn('id', ids);
    const byId = new Map(related.map((row: Row) => [Number(row['id']), decodeRow(target, row, expansion.fields)]));
    rows.forEach((row, index) => {
      views[index]![expansion.property] = row[column] === null ? null : (byId.get(Number(row[column])) ?? null);
    });
  }
  return views;
}

export interface GenericInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  user: SessionUser | undefined;
}

/** A spec-declared list: scope, filters, sort_by and paging over the entity, no code. */
export async function genericList(db: Knex, meta: GenericMeta, input: GenericInput): Promise<Page<unknown>> {
  const entity = meta.entity as EntityName;
  const table = tableOf(entity);
  const base = db(table);
  applyScope(db, base, meta, table, input.user);
  await applyFilters(db, base, meta, table, input.query);
  const perPage = Number(input.query['per_page']);
  const page = Number(input.query['page']);
  const sortBy = String(input.query['sort_by']);
  const counted = await base.clone().count({ n: '*' }).first();
  const sortField = fieldMeta(entity, sortBy.slice(1));
  const sortColumn = `${table}.${sortField.column}`;
  const direction = sortBy.startsWith('-') ? 'desc' : 'asc';
  const ordered = selectRow(db, base.clone(), meta, table);
  if (TEXT_TYPES.has(sortField.type)) orderByText(db, ordered, sortColumn, direction);
  else ordered.orderBy(sortColumn, direction);
  const rows = await ordered.orderBy(`${table}.id`, 'asc').limit(perPage).offset((page - 1) * perPage);
  return { rows: await toViews(db, meta, rows), total: Number(counted?.['n'] ?? 0) };
}

/** A spec-declared get by id, within the caller's scope (outside it: 404, as if missing). */
export async function genericGet(db: Knex, meta: GenericMeta, input: GenericInput): Promise<unknown> {
  const entity = meta.entity as EntityName;
  const table = tableOf(entity);
  const query = db(table).where(`${table}.id`, Number(input.params['id']));
  applyScope(db, query, meta, table, input.user);
  const row = (await selectRow(db, query, meta, table).first()) as Row | undefined;
  if (!row) throw notFound();
  const [view] = await toViews(db, meta, [row]);
  return view;
}
