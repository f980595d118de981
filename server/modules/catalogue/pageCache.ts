import type { Knex } from 'knex';
import type { Page, PreparedPage } from '../../reads/genericMeta';
import type { CommittedVersions } from '../../writes/dataVersions';
import { Generation, preparePage, remembered, VersionedCache } from '../../db/versionedCache';

/**
 * The catalogue's pages, counts and price-list choices, cached per process and keyed by the
 * `catalogue` data version (spec `data_version`, bumped by every write of products, prices,
 * options, rate plans, vendors and types in the writer's transaction). Each request reads the
 * committed version first (server/writes/dataVersions.ts coalesces those reads without ever
 * reusing one that began before the request), so a write is visible on the next request in every
 * process sharing the database; within one version a page is built, serialised and hashed once
 * (server/db/versionedCache.ts).
 */

const MAX_PAGES = 512;
const MAX_COUNTS = 2048;

export class CatalogueView {
  constructor(private readonly generation: Generation) {}

  /** A page, built by `build` the first time its key is asked for in this version. */
  page<Row>(key: string, visibility: 'public' | 'private', build: () => Promise<Page<Row>>): Promise<PreparedPage<Row>> {
    const pages = this.generation.pages as Map<string, Promise<PreparedPage<Row>>>;
    // no-cache: a browser or a shared cache may keep the page but asks each time (If-None-Match →
    // 304), so a write is never hidden behind a max-age.
    return remembered(pages, key, MAX_PAGES, async () => preparePage(await build(), `${visibility}, no-cache`));
  }

  /** A count, computed once per filter set (every page and sort of the filters shares it). */
  count(key: string, compute: () => Promise<number>): Promise<number> {
    return remembered(this.generation.counts, key, MAX_COUNTS, compute);
  }

  /** A price-list choice (price lists are catalogue data: a change of one bumps the version). */
  list<T>(key: string, compute: () => Promise<T>): Promise<T> {
    return remembered(this.generation.values, key, MAX_COUNTS, compute) as Promise<T>;
  }
}

const catalogue = new VersionedCache(['catalogue']);

/** The cache of the catalogue version committed now, for this request (`known`: RequestContext.versions). */
export async function catalogueView(db: Knex, known?: CommittedVersions): Promise<CatalogueView> {
  return new CatalogueView(await catalogue.generation(db, known));
}
