import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Page, PreparedPage } from '../../http/operationDef';
import { dataVersionReader } from '../../writes/dataVersions';

/**
 * The catalogue's pages, counts and price-list choices, cached per process and keyed by the
 * `catalogue` data version (spec `data_version`, bumped by every write of products, prices,
 * options, rate plans, vendors and types in the writer's transaction). Each request reads the
 * committed version first (server/writes/dataVersions.ts coalesces those reads without ever
 * reusing one that began before the request), so a write is visible on the next request in every
 * process sharing the database; within one version a page is built, serialised and hashed once.
 */

const MAX_PAGES = 512;
const MAX_COUNTS = 2048;

/** What is cached of one version; a newer version starts a new generation and the old one is dropped. */
class Generation {
  readonly pages = new Map<string, Promise<PreparedPage>>();
  readonly counts = new Map<string, Promise<number>>();
  readonly lists = new Map<string, Promise<unknown>>();

  constructor(readonly version: number) {}
}

/** A least-recently-used lookup over a Map (its iteration order is insertion order), sharing one computation per key. */
function remembered<T>(map: Map<string, Promise<T>>, key: string, limit: number, compute: () => Promise<T>): Promise<T> {
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

function prepare<Row>(page: Page<Row>, visibility: 'public' | 'private'): PreparedPage<Row> {
  const json = Buffer.from(JSON.stringify(page.rows));
  // The ETag names the content, not the version: a page a write left as it was still answers 304.
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 27);
  // no-cache: a browser or a shared cache may keep the page but asks each time (If-None-Match → 304),
  // so a write is never hidden behind a max-age.
  return { rows: page.rows, total: page.total, json, etag: `W/"${page.total}-${hash}"`, cacheControl: `${visibility}, no-cache` };
}

export class CatalogueView {
  constructor(private readonly generation: Generation) {}

  /** A page, built by `build` the first time its key is asked for in this version. */
  page<Row>(key: string, visibility: 'public' | 'private', build: () => Promise<Page<Row>>): Promise<PreparedPage<Row>> {
    const pages = this.generation.pages as Map<string, Promise<PreparedPage<Row>>>;
    return remembered(pages, key, MAX_PAGES, async () => prepare(await build(), visibility));
  }

  /** A count, computed once per filter set (every page and sort of the filters shares it). */
  count(key: string, compute: () => Promise<number>): Promise<number> {
    return remembered(this.generation.counts, key, MAX_COUNTS, compute);
  }

  /** A price-list choice (price lists are catalogue data: a change of one bumps the version). */
  list<T>(key: string, compute: () => Promise<T>): Promise<T> {
    return remembered(this.generation.lists, key, MAX_COUNTS, compute) as Promise<T>;
  }
}

const generations = new WeakMap<Knex, Generation>();

/** The cache of the catalogue version committed now, for this request. */
export async function catalogueView(db: Knex): Promise<CatalogueView> {
  const version = await dataVersionReader(db, 'catalogue').current();
  const current = generations.get(db);
  if (current && current.version === version) return new CatalogueView(current);
  // An older version than the one cached (a slow request): served, but kept nowhere.
  if (current && current.version > version) return new CatalogueView(new Generation(version));
  const fresh = new Generation(version);
  generations.set(db, fresh);
  return new CatalogueView(fresh);
}

/**
 * A query as a cache key: every parameter that changes the answer, in a fixed order, arrays
 * sorted and text as the filter compares it (trimmed, lower-cased).
 */
export function normalisedQuery(query: Record<string, unknown>, leaveOut: readonly string[] = []): string {
  const parts: string[] = [];
  for (const name of Object.keys(query).sort()) {
    if (leaveOut.includes(name)) continue;
    let value = query[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) value = [...new Set(value.map(Number))].sort((a, b) => a - b);
    if (name === 'text' && typeof value === 'string') value = value.trim().toLowerCase();
    parts.push(`${name}=${JSON.stringify(value)}`);
  }
  return parts.join('&');
}
