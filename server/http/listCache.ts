import type { Knex } from 'knex';
import { tableOf } from '../db/codec';
import type { EntityMeta } from '../db/entityMeta';
import { preparePage, remembered, VersionedCache, normalisedQuery } from '../db/versionedCache';
import { entities, type EntityName } from '../generated/entities';
import type { SessionUser } from '../modules/auth/sessionUser';
import type { CommittedVersions } from '../writes/dataVersions';
import { genericList, type GenericInput } from '../reads/genericList';
import type { GenericMeta, Page, PreparedPage } from './operationDef';

/**
 * Generic lists cached per process (docs/performance.md), when every table the list reads carries
 * a data version (spec `data_version`): the entity's own, the organisations of a tree scope or a
 * subtree filter, the records its rows expand, nest or count, the tables a `has` filter looks in.
 * The cache is keyed by those versions (read first, server/db/versionedCache.ts), the operation,
 * the caller's scope and the normalised query; the count by the same without sort and page, so
 * every page and sort of one filter set shares it. A list reading any table without a version is
 * not cached: nothing would tell it of a write there.
 */

const MAX_PAGES = 512;
const MAX_COUNTS = 2048;

const versionOfTable = new Map<string, string | undefined>(
  Object.values(entities).map((entity) => [entity.table, (entity as EntityMeta).dataVersion]),
);

/** The data versions a generic list depends on, sorted; undefined when a table it reads has none. */
export function versionsRead(meta: GenericMeta): string[] | undefined {
  const tables = new Set([tableOf(meta.entity as EntityName)]);
  if (meta.scope?.kind === 'tree') tables.add(tableOf('organisation'));
  for (const expansion of meta.expand) tables.add(tableOf(expansion.entity as EntityName));
  for (const nested of meta.nested ?? []) tables.add(tableOf(nested.entity as EntityName));
  for (const count of meta.counts ?? []) tables.add(count.table);
  for (const filter of meta.filters) {
    if (filter.has) tables.add(filter.has.table);
    if (filter.match === 'subtree') tables.add(tableOf('organisation'));
  }
  const names = new Set<string>();
  for (const table of tables) {
    const name = versionOfTable.get(table);
    if (name === undefined) return undefined;
    names.add(name);
  }
  return [...names].sort();
}

/** What of the caller the list's answer depends on: its organisation (own scope, "my customers") and tree scope. */
function scopeKey(user: SessionUser | undefined): string {
  return user ? `${user.organisation.id}|${user.organisation.tree_path}|${user.treeScope ?? 'subtree'}` : '-';
}

const caches = new Map<string, VersionedCache>();

/** A generic list, from the cache when it can be (see above), else straight from the database. */
export async function cachedGenericList(
  db: Knex,
  operationId: string,
  meta: GenericMeta,
  input: GenericInput,
  known?: CommittedVersions,
): Promise<Page<unknown> | PreparedPage> {
  const names = versionsRead(meta);
  if (!names) return genericList(db, meta, input);
  const key = names.join(',');
  let cache = caches.get(key);
  if (!cache) caches.set(key, (cache = new VersionedCache(names)));
  const generation = await cache.generation(db, known);
  const scope = `${operationId}|${scopeKey(input.user)}`;
  const filters = normalisedQuery(input.query, ['page', 'per_page', 'sort_by']);
  const counted = (compute: () => Promise<number>) => remembered(generation.counts, `${scope}|${filters}`, MAX_COUNTS, compute);
  // no-store, as every other API answer but the catalogue's pages: no browser keeps it on disk.
  return remembered(generation.pages, `${scope}|${normalisedQuery(input.query)}`, MAX_PAGES, async () =>
    preparePage(await genericList(db, meta, input, counted), 'no-store'),
  );
}
