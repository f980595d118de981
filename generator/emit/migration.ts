import type { Entity, Field, Model } from '../model/types';

/** The data model as committed beside the migrations; a difference means a migration is due. */
export interface Snapshot {
  tables: Record<string, TableSnapshot>;
}

export interface TableSnapshot {
  columns: Record<string, ColumnSnapshot>;
  indexes: string[][];
  unique: string[][];
  /** Columns with a trigram search index (spec `search`). */
  search?: string[];
}

export interface ColumnSnapshot {
  kind: 'increments' | 'string' | 'text' | 'integer' | 'bigInteger' | 'boolean' | 'binary';
  length?: number;
  nullable: boolean;
  primary?: true;
  default?: string | number | boolean;
  references?: string;
}

export const EMPTY_SNAPSHOT: Snapshot = { tables: {} };

function columnOf(model: Model, field: Field): ColumnSnapshot {
  const nullable = !(field.required || field.primary || field.default !== undefined) || field.nullable;
  const column = (kind: ColumnSnapshot['kind'], length?: number): ColumnSnapshot => ({
    kind,
    ...(length !== undefined && { length }),
    nullable,
    ...(field.primary && { primary: true }),
  });
  let snapshot: ColumnSnapshot;
  switch (field.type) {
    case 'id':
      return { kind: 'increments', nullable: false, primary: true };
    case 'string':
    case 'email':
    case 'url':
    case 'phone':
      snapshot = column('string', field.max ?? 255);
      break;
    case 'text':
    case 'enum_list':
      snapshot = column('text');
      break;
    case 'integer':
      snapshot = column('integer');
      break;
    case 'date':
      snapshot = column('string', 10);
      break;
    case 'boolean':
      snapshot = column('boolean');
      break;
    case 'binary':
      // SQLite BLOB, PostgreSQL bytea.
      snapshot = column('binary');
      break;
    case 'money':
    case 'decimal':
    case 'timestamp':
      snapshot = column('bigInteger');
      break;
    case 'enum': {
      const values = model.enums.find((candidate) => candidate.name === field.enumName)?.values ?? [];
      snapshot = typeof values[0] === 'number' ? column('integer') : column('string', 64);
      break;
    }
    case 'ref': {
      const target = model.entities.find((candidate) => candidate.name === field.to);
      snapshot = { ...column('integer'), references: target?.table ?? '' };
      break;
    }
  }
  if (field.default !== undefined) {
    snapshot.default = Array.isArray(field.default) ? JSON.stringify(field.default) : (field.default as string | number | boolean);
  }
  return snapshot;
}

export function snapshotOf(model: Model): Snapshot {
  const tables: Record<string, TableSnapshot> = {};
  for (const entity of [...model.entities].sort((a, b) => a.table.localeCompare(b.table))) {
    tables[entity.table] = {
      columns: Object.fromEntries(entity.fields.map((field) => [field.column, columnOf(model, field)])),
      indexes: [...entity.fields.filter((field) => field.index).map((field) => [field.column]), ...entity.indexes],
      unique: [...entity.fields.filter((field) => field.unique).map((field) => [field.column]), ...entity.unique],
      ...(entity.search && { search: entity.search }),
    };
  }
  return { tables };
}

/** A change the migration would make that loses data, and the spec did not say was intended. */
export class DataLossRefused extends Error {}

function columnCode(name: string, column: ColumnSnapshot): string {
  if (column.kind === 'increments') return `table.increments(${JSON.stringify(name)})`;
  const args = [JSON.stringify(name), ...(column.length !== undefined ? [String(column.length)] : [])];
  let code = `table.${column.kind}(${args.join(', ')})`;
  if (column.primary) code += '.primary()';
  code += column.nullable ? '.nullable()' : '.notNullable()';
  if (column.default !== undefined) code += `.defaultTo(${JSON.stringify(column.default)})`;
  if (column.references) code += `.references('id').inTable(${JSON.stringify(column.references)})`;
  return code;
}

const listKey = (list: string[]) => list.join(',');

/** An index column on a column's lower-cased value, as case-insensitive sorts read it. */
const LOWERED = /^lower\(([a-z0-9_]+)\)$/;
const isExpressionIndex = (list: string[]) => list.some((column) => LOWERED.test(column));

/**
 * Knex builds no expression index, so these are written in SQL. On PostgreSQL the lowered value
 * is in byte order (collate "C"), matching server/db/textOrder.ts, or the index would not serve it.
 */
function expressionIndexCode(table: string, list: string[], unique = false): { create: string; drop: string } {
  const name = `${table}_${list.map((column) => column.replace(LOWERED, 'lower_$1')).join('_')}_${unique ? 'unique' : 'index'}`;
  const columns = (collate: string) =>
    list.map((column) => {
      const lowered = LOWERED.exec(column)?.[1];
      return lowered === undefined ? `"${column}"` : `lower("${lowered}")${collate}`;
    });
  const sql = (collate: string) => `create ${unique ? 'unique ' : ''}index "${name}" on "${table}" (${columns(collate).join(', ')})`;
  return {
    create: `await knex.schema.raw(knex.client.config.client === "pg" ? ${JSON.stringify(sql(' collate "C"'))} : ${JSON.stringify(sql(''))});`,
    drop: `await knex.schema.raw(${JSON.stringify(`drop index "${name}"`)});`,
  };
}
/**
 * A substring search index over text columns (spec `search`): on SQLite an external-content FTS5
 * table with the trigram tokenizer, `<table>_search`, kept in step by triggers and filled from
 * the rows already there; on PostgreSQL a pg_trgm GIN index on each lowered column, which serves
 * `lower(column) like '%…%'` as it is written (server/db/textSearch.ts).
 */
function searchIndexCode(table: string, columns: string[]): { create: string[]; drop: string[] } {
  const fts = `${table}_search`;
  const list = columns.map((column) => `"${column}"`).join(', ');
  const values = (prefix: string) => columns.map((column) => `${prefix}."${column}"`).join(', ');
  const sqlite = [
    `create virtual table "${fts}" using fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram')`,
    `create trigger "${fts}_insert" after insert on "${table}" begin insert into "${fts}"(rowid, ${list}) values (new."id", ${values('new')}); end`,
    `create trigger "${fts}_delete" after delete on "${table}" begin insert into "${fts}"("${fts}", rowid, ${list}) values ('delete', old."id", ${values('old')}); end`,
    `create trigger "${fts}_update" after update of ${list} on "${table}" begin insert into "${fts}"("${fts}", rowid, ${list}) values ('delete', old."id", ${values('old')}); insert into "${fts}"(rowid, ${list}) values (new."id", ${values('new')}); end`,
    `insert into "${fts}"("${fts}") values ('rebuild')`,
  ];
  const pg = [
    'create extension if not exists pg_trgm',
    `create index "${fts}_trgm" on "${table}" using gin (${columns.map((column) => `lower("${column}") gin_trgm_ops`).join(', ')})`,
  ];
  const branch = (pgLines: string[], sqliteLines: string[]) =>
    `if (knex.client.config.client === "pg") {\n${pgLines.map((line) => `  await knex.schema.raw(${JSON.stringify(line)});`).join('\n')}\n} else {\n${sqliteLines.map((line) => `  await knex.schema.raw(${JSON.stringify(line)});`).join('\n')}\n}`;
  return {
    create: [branch(pg, sqlite)],
    drop: [
      branch(
        [`drop index "${fts}_trgm"`],
        ['insert', 'delete', 'update'].map((kind) => `drop trigger "${fts}_${kind}"`).concat(`drop table "${fts}"`),
      ),
    ],
  };
}

const sameColumn = (a: ColumnSnapshot, b: ColumnSnapshot) => JSON.stringify(a) === JSON.stringify(b);

/** Orders new tables so a table comes after the tables it references. */
function creationOrder(tables: string[], snapshot: Snapshot): string[] {
  const ordered: string[] = [];
  const visit = (table: string, trail: Set<string>) => {
    if (ordered.includes(table) || trail.has(table) || !tables.includes(table)) return;
    trail.add(table);
    for (const column of Object.values(snapshot.tables[table]?.columns ?? {})) {
      if (column.references && column.references !== table) visit(column.references, trail);
    }
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table, new Set());
  return ordered;
}

export interface MigrationPlan {
  up: string[];
  down: string[];
  summary: string[];
}

function renamedTableSource(entities: Entity[], table: string, previous: Snapshot): string | undefined {
  const entity = entities.find((candidate) => candidate.table === table);
  const from = entity?.renamedFrom;
  if (!from) return undefined;
  const source = entities.find((candidate) => candidate.name === from)?.table ?? from;
  return previous.tables[source] ? source : previous.tables[from] ? from : undefined;
}

/** What to do to go from the previous snapshot to the model's; refuses silent data loss. */
export function planMigration(model: Model, previous: Snapshot): MigrationPlan {
  const next = snapshotOf(model);
  const up: string[] = [];
  const down: string[] = [];
  const summary: string[] = [];
  const renamedTables = new Map<string, string>();
  for (const table of Object.keys(next.tables)) {
    const source = previous.tables[table] ? undefined : renamedTableSource(model.entities, table, previous);
    if (source) renamedTables.set(source, table);
  }
  for (const [from, to] of renamedTables) {
    up.push(`await knex.schema.renameTable(${JSON.stringify(from)}, ${JSON.stringify(to)});`);
    down.unshift(`await knex.schema.renameTable(${JSON.stringify(to)}, ${JSON.stringify(from)});`);
    summary.push(`rename_${from}_to_${to}`);
  }
  const previousOf = (table: string): TableSnapshot | undefined => {
    const source = [...renamedTables].find(([, to]) => to === table)?.[0];
    return previous.tables[source ?? table];
  };
  const created = Object.keys(next.tables).filter((table) => !previousOf(table));
  for (const table of creationOrder(created, next)) {
    const spec = next.tables[table]!;
    const lines = [
      ...Object.entries(spec.columns).map(([name, column]) => `${columnCode(name, column)};`),
      ...spec.indexes.filter((list) => !isExpressionIndex(list)).map((list) => `table.index(${JSON.stringify(list)});`),
      ...spec.unique.filter((list) => !isExpressionIndex(list)).map((list) => `table.unique(${JSON.stringify(list)});`),
    ];
    up.push(`await knex.schema.createTable(${JSON.stringify(table)}, (table) => {\n${lines.map((line) => `  ${line}`).join('\n')}\n});`);
    up.push(...spec.indexes.filter(isExpressionIndex).map((list) => expressionIndexCode(table, list).create));
    up.push(...spec.unique.filter(isExpressionIndex).map((list) => expressionIndexCode(table, list, true).create));
    if (spec.search) up.push(...searchIndexCode(table, spec.search).create);
    down.unshift(`await knex.schema.dropTable(${JSON.stringify(table)});`);
    if (spec.search) down.unshift(...searchIndexCode(table, spec.search).drop);
    summary.push(`create_${table}`);
  }
  for (const table of Object.keys(previous.tables)) {
    if (!next.tables[table] && !renamedTables.has(table)) {
      throw new DataLossRefused(
        `table "${table}" is no longer in the spec: dropping it would lose its data (mark the entity renamed_from if it was renamed)`,
      );
    }
  }
  for (const [table, spec] of Object.entries(next.tables)) {
    const before = previousOf(table);
    if (!before) continue;
    const entity = model.entities.find((candidate) => candidate.table === table)!;
    const upLines: string[] = [];
    const downLines: string[] = [];
    const renamedColumns = new Map<string, string>();
    for (const field of entity.fields) {
      const fromColumn = field.renamedFrom && (field.type === 'ref' ? `${field.renamedFrom}_id` : field.renamedFrom);
      if (fromColumn && !before.columns[field.column] && before.columns[fromColumn]) renamedColumns.set(fromColumn, field.column);
    }
    for (const [from, to] of renamedColumns) {
      upLines.push(`table.renameColumn(${JSON.stringify(from)}, ${JSON.stringify(to)});`);
      downLines.unshift(`table.renameColumn(${JSON.stringify(to)}, ${JSON.stringify(from)});`);
      summary.push(`rename_${table}_${from}`);
    }
    const beforeColumn = (name: string) => before.columns[[...renamedColumns].find(([, to]) => to === name)?.[0] ?? name];
    for (const [name, column] of Object.entries(spec.columns)) {
      const old = beforeColumn(name);
      if (!old) {
        if (!column.nullable && column.default === undefined) {
          throw new DataLossRefused(`new column ${table}.${name} is required but has no default: existing rows would have no value`);
        }
        upLines.push(`${columnCode(name, column)};`);
        downLines.unshift(`table.dropColumn(${JSON.stringify(name)});`);
        summary.push(`add_${table}_${name}`);
      } else if (!sameColumn(old, column)) {
        // Text holds any string, so a string column may become text without losing anything.
        const widened = old.kind === 'string' && column.kind === 'text';
        if ((old.kind !== column.kind && !widened) || (old.length ?? 0) > (column.length ?? Infinity)) {
          if (!entity.dropIntended.includes(name)) {
            throw new DataLossRefused(
              `column ${table}.${name} changes from ${old.kind}(${old.length ?? ''}) to ${column.kind}(${column.length ?? ''}), which may lose data: list it in drop_intended if that is meant`,
            );
          }
        }
        upLines.push(`${columnCode(name, column)}.alter();`);
        downLines.unshift(`${columnCode(name, old)}.alter();`);
        summary.push(`alter_${table}_${name}`);
      }
    }
    for (const [name, column] of Object.entries(before.columns)) {
      if (spec.columns[name] || renamedColumns.has(name)) continue;
      const field = name.endsWith('_id') ? name.slice(0, -3) : name;
      if (!entity.dropIntended.includes(name) && !entity.dropIntended.includes(field)) {
        throw new DataLossRefused(
          `column ${table}.${name} is no longer in the spec: dropping it would lose its data (give the new field renamed_from, or list it in drop_intended)`,
        );
      }
      upLines.push(`table.dropColumn(${JSON.stringify(name)});`);
      downLines.unshift(`${columnCode(name, column)};`);
      summary.push(`drop_${table}_${name}`);
    }
    // Expression indexes are statements of their own: created after the table's changes, dropped before.
    const expressionUp: string[] = [];
    const expressionDown: string[] = [];
    for (const [kind, method] of [
      ['indexes', 'index'],
      ['unique', 'unique'],
    ] as const) {
      const oldKeys = new Set(before[kind].map((list) => listKey(list.map((c) => renamedColumns.get(c) ?? c))));
      const newKeys = new Set(spec[kind].map(listKey));
      for (const list of spec[kind]) {
        if (oldKeys.has(listKey(list))) continue;
        summary.push(`${method}_${table}_${list.map((column) => column.replace(LOWERED, 'lower_$1')).join('_')}`);
        if (isExpressionIndex(list)) {
          const code = expressionIndexCode(table, list, kind === 'unique');
          expressionUp.push(code.create);
          expressionDown.unshift(code.drop);
          continue;
        }
        upLines.push(`table.${method}(${JSON.stringify(list)});`);
        downLines.unshift(`table.drop${method === 'index' ? 'Index' : 'Unique'}(${JSON.stringify(list)});`);
      }
      for (const list of before[kind]) {
        const renamed = list.map((c) => renamedColumns.get(c) ?? c);
        const column = (c: string) => LOWERED.exec(c)?.[1] ?? c;
        if (newKeys.has(listKey(renamed)) || renamed.some((c) => !spec.columns[column(c)])) continue;
        summary.push(`drop_${method}_${table}`);
        if (isExpressionIndex(renamed)) {
          const code = expressionIndexCode(table, renamed, kind === 'unique');
          expressionUp.unshift(code.drop);
          expressionDown.push(code.create);
          continue;
        }
        upLines.push(`table.drop${method === 'index' ? 'Index' : 'Unique'}(${JSON.stringify(renamed)});`);
        downLines.unshift(`table.${method}(${JSON.stringify(renamed)});`);
      }
    }
    if (upLines.length > 0) {
      const wrap = (lines: string[]) =>
        `await knex.schema.alterTable(${JSON.stringify(table)}, (table) => {\n${lines.map((line) => `  ${line}`).join('\n')}\n});`;
      up.push(wrap(upLines));
      down.unshift(wrap(downLines));
    }
    up.push(...expressionUp);
    down.unshift(...expressionDown);
    if (JSON.stringify(before.search ?? null) !== JSON.stringify(spec.search ?? null)) {
      if (before.search) {
        up.push(...searchIndexCode(table, before.search).drop);
        down.unshift(...searchIndexCode(table, before.search).create);
      }
      if (spec.search) {
        up.push(...searchIndexCode(table, spec.search).create);
        down.unshift(...searchIndexCode(table, spec.search).drop);
        summary.push(`search_${table}`);
      } else {
        summary.push(`drop_search_${table}`);
      }
    }
  }
  return { up, down, summary };
}

export function migrationName(sequence: number, plan: MigrationPlan, isFirst: boolean): string {
  const slug = isFirst ? 'initial' : plan.summary.slice(0, 3).join('__') + (plan.summary.length > 3 ? '__and_more' : '');
  return `${String(sequence).padStart(4, '0')}_${slug.replace(/[^a-z0-9_]/gi, '_').slice(0, 80)}.js`;
}

export function migrationCode(plan: MigrationPlan): string {
  const body = (lines: string[]) =>
    lines
      .map((line) =>
        line
          .split('\n')
          .map((part) => `  ${part}`)
          .join('\n'),
      )
      .join('\n');
  return [
    '// Generated by `hub generate` from spec/. A landed migration is history: never edit it; change the spec',
    '// and generate a new one.',
    '',
    '/** @param {import("knex").Knex} knex */',
    'export async function up(knex) {',
    body(plan.up),
    '}',
    '',
    '/** @param {import("knex").Knex} knex */',
    'export async function down(knex) {',
    body(plan.down),
    '}',
    '',
  ].join('\n');
}
