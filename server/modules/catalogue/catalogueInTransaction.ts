import type { Knex } from 'knex';
import type { Product } from '../../generated/types';
import type { ShippingRule } from '../../../shared/pricing/shipping';
import { Generation, remembered } from '../../db/versionedCache';
import type { Records } from '../../writes/records';
import { allShippingTypes } from '../shipping/handlers';
import { priceListOf, type PriceListChoice } from './priceLists';
import { PRODUCT_COLUMNS, productsToViews } from './productViews';

/**
 * The catalogue as a writing transaction prices from it (checkout: price lists, products with
 * their prices, plans and options, shipping rules), cached per process and keyed by the
 * `catalogue` data version, as the store's pages are (server/db/versionedCache.ts). Every write
 * of those tables bumps the version in its own transaction (spec `data_version: catalogue`,
 * shipping types included), so it commits with them.
 *
 * The version is read inside the caller's transaction, one statement, after the transaction
 * began (on SQLite it holds the write lock; on PostgreSQL the statement sees every commit before
 * it): what is cached under that version was read after it was committed, so it is never older
 * than the catalogue the transaction would read itself, in any process sharing the database.
 * Within a version each product's view, each price list choice and the shipping rules are read
 * once. A transaction that has itself written catalogue data reads it directly: what it sees is
 * not committed, and must not be kept.
 */

const CATALOGUE = 'catalogue';
const MAX_VALUES = 20_000;

/** The generation of each connection pool (a Knex and its transactions share their client's config). */
const generations = new WeakMap<object, Generation>();

/** What the caller's transaction reads of the catalogue, at the version it read. */
export interface CatalogueReads {
  priceList(buyer: { assigned_price_list_id: number | null; currency: 'GBP' | 'EUR' }): Promise<PriceListChoice>;
  /** The products of `ids` as `list` shows them, by id. */
  products(list: PriceListChoice, ids: readonly number[]): Promise<Map<number, Product>>;
  shippingRules(): Promise<ShippingRule[]>;
}

export async function catalogueInTransaction(records: Records): Promise<CatalogueReads> {
  const db = records.db;
  if (records.touches(CATALOGUE)) return direct(db);
  const row = (await db('data_versions').where('name', CATALOGUE).first('version')) as { version: number | string } | undefined;
  return cached(db, generationOf(db, Number(row?.version ?? 0)));
}

function generationOf(db: Knex, version: number): Generation {
  const pool = db.client.config as object;
  const current = generations.get(pool);
  if (current && current.versions[0] === version) return current;
  // A transaction that read an older version than the one cached (it began before a commit that
  // a newer one saw) is served from a generation of its own, kept nowhere.
  if (current && current.versions[0]! > version) return new Generation([version]);
  const fresh = new Generation([version]);
  generations.set(pool, fresh);
  return fresh;
}

/** The reads themselves, in the caller's transaction. */
function direct(db: Knex): CatalogueReads {
  return {
    priceList: (buyer) => priceListOf(db, buyer),
    products: async (list, ids) => new Map((await readProducts(db, list, ids)).map((product) => [product.id, product])),
    shippingRules: () => allShippingTypes(db),
  };
}

function cached(db: Knex, generation: Generation): CatalogueReads {
  const reads = direct(db);
  const values = generation.values;
  return {
    priceList: (buyer) =>
      shared(values, `list:${buyer.assigned_price_list_id}:${buyer.currency}`, () => reads.priceList(buyer).then(deepFreeze)),
    shippingRules: () => shared(values, 'shipping', () => reads.shippingRules().then(deepFreeze)),
    products: async (list, ids) => {
      const key = (id: number) => `product:${list.id}:${list.currency}:${id}`;
      const missing = [...new Set(ids)].filter((id) => !values.has(key(id)));
      if (missing.length > 0) {
        // One read for every product not yet cached; each is cached on its own (baskets share products, not sets).
        const loaded = readProducts(db, list, missing).then(
          (products) => new Map(products.map((product) => [product.id, deepFreeze(product)])),
        );
        for (const id of missing) {
          remembered(values, key(id), MAX_VALUES, async () => {
            const product = (await loaded).get(id);
            if (!product) throw new Error(`product ${id} is missing`);
            return product;
          }).catch(() => undefined);
        }
      }
      const found = await Promise.all(
        [...new Set(ids)].map((id) => shared(values, key(id), async () => (await reads.products(list, [id])).get(id)!)),
      );
      return new Map(found.map((product) => [product.id, product]));
    },
  };
}

/**
 * A value of the generation, computed once; when the computation shared from another transaction
 * fails (its transaction ended first), this one reads for itself.
 */
async function shared<T>(values: Map<string, Promise<unknown>>, key: string, compute: () => Promise<T>): Promise<T> {
  const known = values.get(key) as Promise<T> | undefined;
  if (known) {
    try {
      return await known;
    } catch {
      return compute();
    }
  }
  return (await remembered(values, key, MAX_VALUES, compute)) as T;
}

async function readProducts(db: Knex, list: PriceListChoice, ids: readonly number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = (await db('products as p')
    .leftJoin('price_list_items as pli', (on) => {
      on.on('pli.product_id', '=', 'p.id').andOn('pli.price_list_id', '=', db.raw('?', [list.id ?? 0]));
    })
    .whereIn('p.id', ids)
    .select(PRODUCT_COLUMNS)) as Record<string, unknown>[];
  return productsToViews(db, rows, list);
}

/** Cached values are shared by every transaction of the process: frozen, so none can change them for the others. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value as object)) deepFreeze(inner);
  }
  return value;
}
