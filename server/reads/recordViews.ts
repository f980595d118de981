import type { Knex } from 'knex';
import { columnOf, decodeRow, tableOf } from '../db/codec';
import { readTogether } from '../db/readTogether';
import type { EntityName } from '../generated/entities';
import type { GenericMeta } from './genericMeta';

type Row = Record<string, unknown>;

/**
 * One part of the views that comes from other rows: the read that finds them (none when no row
 * refers to any) and how their rows fill the views.
 */
interface ViewPart {
  read: Knex.QueryBuilder | undefined;
  fill(views: Row[], related: Row[]): void;
}

/**
 * Decodes rows into the views a schema shows, each reference expanded, each child list and newest
 * child filled: one read a part however many rows, and on PostgreSQL all of the parts' reads in one
 * round trip (server/db/readTogether.ts).
 */
export async function toViews(db: Knex, meta: GenericMeta, rows: Row[]): Promise<Row[]> {
  const entity = meta.entity as EntityName;
  const views = rows.map((row) => {
    const view = decodeRow(entity, row, meta.fields);
    for (const count of meta.counts ?? []) view[count.property] = Number(row[count.property] ?? 0);
    for (const present of meta.present ?? []) view[present.property] = Number(row[present.property] ?? 0) === 1;
    return view;
  });
  const parts = [
    ...(meta.latest ?? []).map((latest) => latestPart(db, latest, rows)),
    ...meta.expand.map((expansion) => expansionPart(db, entity, expansion, rows)),
    ...(meta.nested ?? []).map((nested) => nestedPart(db, nested, rows)),
  ];
  const reads = parts.flatMap((part) => (part.read ? [part.read] : []));
  const answers = await readTogether(db, reads);
  let answered = 0;
  for (const part of parts) part.fill(views, part.read ? answers[answered++]! : []);
  return views;
}

const idsOf = (rows: Row[]): number[] => rows.map((row) => Number(row['id']));

/**
 * The newest child row of each row (by `by`, ties to the highest id), in one query whatever the
 * number of parents: a window over the child rows of those parents, keeping each one's first.
 */
function latestPart(db: Knex, latest: NonNullable<GenericMeta['latest']>[number], rows: Row[]): ViewPart {
  const child = latest.entity as EntityName;
  const table = tableOf(child);
  const parent = columnOf(child, latest.via);
  const by = columnOf(child, latest.by);
  const ids = idsOf(rows);
  const ranked = db(table)
    .whereIn(parent, ids)
    .select(`${table}.*`, db.raw('row_number() over (partition by ?? order by ?? desc, ?? desc) as latest_rank', [parent, by, 'id']))
    .as('ranked');
  return {
    read: ids.length === 0 ? undefined : db.from(ranked).where('latest_rank', 1).select('*'),
    fill(views, related) {
      const newest = new Map(related.map((item) => [Number(item[parent]), decodeRow(child, item, latest.fields)]));
      rows.forEach((row, index) => {
        views[index]![latest.property] = newest.get(Number(row['id'])) ?? null;
      });
    },
  };
}

/** A reference expanded into the referred record's shown fields. */
function expansionPart(db: Knex, entity: EntityName, expansion: GenericMeta['expand'][number], rows: Row[]): ViewPart {
  const column = columnOf(entity, expansion.via);
  const ids = [...new Set(rows.map((row) => row[column]).filter((id) => id !== null && id !== undefined))] as number[];
  const target = expansion.entity as EntityName;
  return {
    read: ids.length === 0 ? undefined : db(tableOf(target)).whereIn('id', ids).select(columnsFor(target, expansion.fields)),
    fill(views, related) {
      const byId = new Map(related.map((item) => [Number(item['id']), decodeRow(target, item, expansion.fields)]));
      rows.forEach((row, index) => {
        views[index]![expansion.property] = row[column] === null ? null : (byId.get(Number(row[column])) ?? null);
      });
    },
  };
}

/** A list of child rows, in id order. */
function nestedPart(db: Knex, nested: NonNullable<GenericMeta['nested']>[number], rows: Row[]): ViewPart {
  const child = nested.entity as EntityName;
  const column = columnOf(child, nested.via);
  const ids = idsOf(rows);
  return {
    read:
      ids.length === 0
        ? undefined
        : db(tableOf(child))
            .whereIn(column, ids)
            .orderBy('id')
            .select(columnsFor(child, nested.fields, [column])),
    fill(views, related) {
      const byParent = new Map<number, Row[]>();
      for (const item of related) {
        const parent = Number(item[column]);
        const siblings = byParent.get(parent) ?? [];
        siblings.push(decodeRow(child, item, nested.fields));
        byParent.set(parent, siblings);
      }
      rows.forEach((row, index) => {
        views[index]![nested.property] = byParent.get(Number(row['id'])) ?? [];
      });
    },
  };
}

/**
 * The columns a view reads of a related record: its id, the shown fields' columns and any it is
 * grouped by. Not `*`: an organisation's row carries its branding and settings, and reading and
 * decoding columns no view shows is work every answer that expands one would pay (issue 20).
 */
function columnsFor(entity: EntityName, fields: readonly string[], extra: readonly string[] = []): string[] {
  return [...new Set(['id', ...extra, ...fields.map((field) => columnOf(entity, field))])];
}
