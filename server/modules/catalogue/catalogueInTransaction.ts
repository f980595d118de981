import type { Knex } from 'knex';
import type { Product, ShippingType } from '../../generated/types';
import { deepFreeze, generationInTransaction, shared } from '../../db/transactionGenerations';
import { remembered, type Generation } from '../../db/versionedCache';
import type { Records } from '../../writes/records';
import { allShippingTypes } from '../shipping/handlers';
import { priceListOf, type PriceListChoice } from './priceLists';
import { PRODUCT_COLUMNS, productsToViews } from './productViews';

/**
 * The catalogue as a writing transaction prices from it (checkout, quote acceptance: price lists,
 * products with their prices, plans and options, shipping rules), cached per process and keyed by
 * the `catalogue` data version as the store's pages are, read inside the transaction
 * (server/db/transactionGenerations.ts). Every write of those tables bumps the version in its own
 * transaction (spec `data_version: catalogue`, shipping types included), so it commits with them.
 * Within a version each product's view, each price list choice and the shipping rules are read
 * once.
 */

const MAX_VALUES = 20_000;

/** What the caller's transaction reads of the catalogue, at the version it read. */
export interface CatalogueReads {
  priceList(buyer: { assigned_price_list_id: number | null; currency: 'GBP' | 'EUR' }): Promise<PriceListChoice>;
  /** The products of `ids` as `list` shows them, by id. */
  products(list: PriceListChoice, ids: readonly number[]): Promise<Map<number, Product>>;
  /** Every shipping type with its rules (countries, weight bands). */
  shippingRules(): Promise<ShippingType[]>;
}

export async function catalogueInTransaction(records: Records): Promise<CatalogueReads> {
  const generation = await generationInTransaction(records, 'catalogue');
  return generation ? cached(records.db, generation) : direct(records.db);
}

/** Every shipping type, as the transaction's catalogue has it, vouched for to its write path (Records.vouch). */
export async function vouchShippingTypes(records: Records): Promise<void> {
  const catalogue = await catalogueInTransaction(records);
  for (const type of await catalogue.shippingRules()) records.vouch('shipping_type', type.id, type.name);
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
      shared(values, `list:${buyer.assigned_price_list_id}:${buyer.currency}`, MAX_VALUES, () => reads.priceList(buyer).then(deepFreeze)),
    shippingRules: () => shared(values, 'shipping', MAX_VALUES, () => reads.shippingRules().then(deepFreeze)),
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
        [...new Set(ids)].map((id) => shared(values, key(id), MAX_VALUES, async () => (await reads.products(list, [id])).get(id)!)),
      );
      return new Map(found.map((product) => [product.id, product]));
    },
  };
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
