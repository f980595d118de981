import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Page, PreparedPage } from '../http/operationDef';
import { committedVersions, type CommittedVersions } from '../writes/dataVersions';

/**
 * Answers cached per process and keyed by data versions (docs/performance.md): every write of an
 * entity whose spec names a version (`data_version: catalogue`, `access`, `orders`) bumps it in
 * the writer's transaction, and each request reads the committed versions first (coalesced,
 * never from a read that began before the request: server/writes/dataVersions.ts). What was
 * cached under the versions a request read is exactly what a fresh query would answer, in every
 * process sharing the database. The catalogue's pages (modules/catalogue/pageCache.ts) and the
 * generic lists (http/listCache.ts) keep their generations here.
 */

/** What is cached of one set of versions; newer versions start a new generation and the old one is dropped. */
export class Generation {
  readonly pages = new Map<string, Promise<PreparedPage>>();
  readonly counts = new Map<string, Promise<number>>();
  readonly values = new Map<string, Promise<unknown>>();

  constructor(readonly versions: readonly number[]) {}
}

/** A least-recently-used lookup over a Map (its iteration order is insertion order), sharing one computation per key. */
export function remembered<T>(map: Map<string, Promise<T>>, key: string, limit: number, compute: () => Promise<T>): Promise<T> {
  const known = map.get(key);
  if (known) {
    map.delete(key);
    map.set(key, known);
    return known;
  }
  const made = compute();
  map.set(key, made);
  // A failure is not remembered: the next request tries again.
  made.catch(() => {
    if (map.get(key) === made) map.delete(key);
  });
  while (map.size > limit) map.delete(map.keys().next().value!);
  return made;
}

/** A page serialised and hashed once: the router sends its bytes with its ETag and `cacheControl`. */
export function preparePage<Row>(page: Page<Row>, cacheControl: string): PreparedPage<Row> {
  const json = Buffer.from(JSON.stringify(page.rows));
  // The ETag names the content, not the version: a page a write left as it was still answers 304.
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 27);
  return { rows: page.rows, total: page.total, json, etag: `W/"${page.total}-${hash}"`, cacheControl };
}

const atLeast = (versions: readonly number[], than: readonly number[]) => versions.every((version, index) => version >= than[index]!);

/** The current generation of one set of version names, per database. */
export class VersionedCache {
  private readonly generations = new WeakMap<Knex, Generation>();

  constructor(private readonly names: readonly string[]) {}

  /**
   * The generation of the versions committed now, for this request: `known` if its session row
   * was read with them (RequestContext.versions), else read now.
   */
  async generation(db: Knex, known?: CommittedVersions): Promise<Generation> {
    const versions = (await committedVersions(db, known)).of(this.names);
    const current = this.generations.get(db);
    if (current && versions.every((version, index) => version === current.versions[index])) return current;
    // Older than the generation cached (a slow request), or newer in one and older in another:
    // answered from a generation of its own, kept nowhere.
    if (current && !atLeast(versions, current.versions)) return new Generation(versions);
    const fresh = new Generation(versions);
    this.generations.set(db, fresh);
    return fresh;
  }
}

/** Array values in one order, numbers by value and text by code point. */
function sortedValues(values: unknown[]): unknown[] {
  return [...new Set(values)].sort((a, b) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0,
  );
}

/**
 * A validated query as a cache key: every parameter that changes the answer, in a fixed order,
 * arrays deduplicated and sorted, and the `text` filter as it compares (trimmed, lower-cased).
 */
export function normalisedQuery(query: Record<string, unknown>, leaveOut: readonly string[] = []): string {
  const parts: string[] = [];
  for (const name of Object.keys(query).sort()) {
    if (leaveOut.includes(name)) continue;
    let value = query[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) value = sortedValues(value);
    if (name === 'text' && typeof value === 'string') value = value.trim().toLowerCase();
    parts.push(`${name}=${JSON.stringify(value)}`);
  }
  return parts.join('&');
}
