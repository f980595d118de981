import type { Knex } from 'knex';
import type { Records } from '../writes/records';
import { Generation, remembered } from './versionedCache';

/**
 * What a writing transaction reads through a cache keyed by one data version (docs/performance.md,
 * "Checkout"): the catalogue a checkout prices from (modules/catalogue/catalogueInTransaction.ts),
 * the organisation look an e-mail is branded with (integrations/emails/emailRecipients.ts).
 *
 * The version is read inside the caller's transaction, one statement, after the transaction began
 * (on SQLite it holds the write lock; on PostgreSQL the statement sees every commit before it): what
 * is cached under that version was read after it was committed, so it is never older than what the
 * transaction would read itself, in any process sharing the database. A transaction that has
 * itself written data of that version gets none (null): what it sees is not committed, and must
 * not be kept; it reads directly.
 */

/** The generation of each version name and connection pool (a Knex and its transactions share their client's config). */
const generations = new Map<string, WeakMap<object, Generation>>();

export async function generationInTransaction(records: Records, name: string): Promise<Generation | null> {
  if (records.touches(name)) return null;
  return generationOf(records.db, name, (await versionsIn(records)).get(name) ?? 0);
}

/** Every data version, read once per transaction (the first cache asked for reads them all: one statement, not one each). */
const versionReads = new WeakMap<Records, Promise<Map<string, number>>>();

function versionsIn(records: Records): Promise<Map<string, number>> {
  let read = versionReads.get(records);
  if (!read) {
    read = (dataVersionsRead(records.db) as Promise<VersionRow[]>).then(versionMap);
    versionReads.set(records, read);
    // A failed read is not kept: the next asks again.
    read.catch(() => versionReads.delete(records));
  }
  return read;
}

interface VersionRow {
  name: string;
  version: number | string;
}

const versionMap = (rows: readonly VersionRow[]) => new Map(rows.map((row) => [row.name, Number(row.version)]));

/** The read of every data version, as a transaction's caches make it. */
export const dataVersionsRead = (db: Knex): Knex.QueryBuilder => db('data_versions').select('name', 'version');

/**
 * Data versions the transaction read with a statement it made anyway (the router's lock of a
 * write's record, server/http/writeRequest.ts), after the transaction began: kept as its one read of
 * them, so its caches ask no statement of their own.
 */
export function versionsReadAlong(records: Records, rows: readonly Record<string, unknown>[]): void {
  if (!versionReads.has(records)) versionReads.set(records, Promise.resolve(versionMap(rows as unknown as VersionRow[])));
}

function generationOf(db: Knex, name: string, version: number): Generation {
  const pools = generations.get(name) ?? new WeakMap<object, Generation>();
  generations.set(name, pools);
  const pool = db.client.config as object;
  const current = pools.get(pool);
  if (current && current.versions[0] === version) return current;
  // A transaction that read an older version than the one cached (it began before a commit that
  // a newer one saw) is served from a generation of its own, kept nowhere.
  if (current && current.versions[0]! > version) return new Generation([version]);
  const fresh = new Generation([version]);
  pools.set(pool, fresh);
  return fresh;
}

/**
 * `load`'s answer as the caller's transaction would read it, kept under version `name` by `key`
 * (frozen: every transaction of the process shares it), or read directly when the transaction
 * wrote that version's data itself.
 */
export async function keptInTransaction<T>(records: Records, name: string, key: string, limit: number, load: () => Promise<T>): Promise<T> {
  const generation = await generationInTransaction(records, name);
  if (!generation) return load();
  return shared(generation.values, key, limit, () => load().then(deepFreeze));
}

/**
 * A value of the generation, computed once (`limit`: the most values it keeps); when the
 * computation shared from another transaction fails (its transaction ended first), this one reads
 * for itself.
 */
export async function shared<T>(values: Map<string, Promise<unknown>>, key: string, limit: number, compute: () => Promise<T>): Promise<T> {
  const known = values.get(key) as Promise<T> | undefined;
  if (known) {
    try {
      return await known;
    } catch {
      return compute();
    }
  }
  return (await remembered(values, key, limit, compute)) as T;
}

/** Cached values are shared by every transaction of the process: frozen, so none can change them for the others. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value as object)) deepFreeze(inner);
  }
  return value;
}
