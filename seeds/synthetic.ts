import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { bumpDataVersion } from '../server/writes/dataVersions';
import { insertAll, syncSequences } from './insert';
import {
  addSyntheticProduct,
  emptyRows,
  PRODUCT_TYPE_NAMES,
  seededRandom,
  type ProductTypeName,
  type SyntheticContext,
} from './synthetic/generate';

const SYNTHETIC_VENDORS = 40;
const DEFAULT_SEED = 20261122;
/** Products built in memory before their rows are written (insertAll then splits them into ≤ 500-row statements). */
const CHUNK = 5000;
const TABLES = [
  'price_lists',
  'vendors',
  'product_types',
  'products',
  'price_list_items',
  'rate_plans',
  'rate_plan_charges',
  'rate_plan_charge_costs',
];

async function maxId(db: Knex, table: string): Promise<number> {
  const row = await db(table).max({ id: 'id' }).first();
  return Number(row?.['id'] ?? 0);
}

async function ensureDefaultLists(db: Knex): Promise<{ gbp: number; eur: number }> {
  const ensure = async (currency: 'GBP' | 'EUR') => {
    const existing = await db('price_lists').where({ currency, is_default: true }).orderBy('id').first('id');
    if (existing) return Number(existing.id);
    const id = (await maxId(db, 'price_lists')) + 1;
    await db('price_lists').insert({ id, name: `Standard ${currency}`, currency, is_default: true, generated: false });
    return id;
  };
  return { gbp: await ensure('GBP'), eur: await ensure('EUR') };
}

/** Ids of the rows named `names` in `table`, adding those that are missing (so a second run reuses them). */
async function ensureNamed(db: Knex, table: string, names: readonly string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const row of await db(table).whereIn('name', names).orderBy('id').select('id', 'name')) {
    if (!ids.has(row.name)) ids.set(row.name, Number(row.id));
  }
  const missing = names.filter((name) => !ids.has(name));
  const base = await maxId(db, table);
  missing.forEach((name, offset) => ids.set(name, base + offset + 1));
  await insertAll(
    db,
    table,
    missing.map((name) => ({ id: ids.get(name), name })),
  );
  return ids;
}

/**
 * Adds N synthetic products across ~40 vendors and the five product types, with GBP and EUR prices
 * in the default lists and rate plans on every tenth product (a subscription), for benchmarks:
 * `hub seed --products 100000`. Works on an empty or a demo database, and may run more than once.
 */
export async function seedSyntheticCatalogue(
  db: Knex,
  options: { products: number; seed?: number },
): Promise<{ products: number; ms: number }> {
  const started = performance.now();
  await db.transaction(async (trx) => {
    const lists = await ensureDefaultLists(trx);
    const vendorNames = Array.from({ length: SYNTHETIC_VENDORS }, (_, i) => `Synthetic Vendor ${String(i + 1).padStart(2, '0')}`);
    const vendors = await ensureNamed(trx, 'vendors', vendorNames);
    const types = await ensureNamed(trx, 'product_types', PRODUCT_TYPE_NAMES);
    const counters = new Map<string, number>();
    for (const table of ['price_list_items', 'rate_plans', 'rate_plan_charges', 'rate_plan_charge_costs'])
      counters.set(table, await maxId(trx, table));
    const context: SyntheticContext = {
      random: seededRandom(options.seed ?? DEFAULT_SEED),
      vendorIds: vendorNames.map((name) => vendors.get(name)!),
      typeIds: Object.fromEntries(PRODUCT_TYPE_NAMES.map((name) => [name, types.get(name)!])) as Record<ProductTypeName, number>,
      lists,
      nextId: (table) => {
        const id = counters.get(table)! + 1;
        counters.set(table, id);
        return id;
      },
    };
    const productBase = await maxId(trx, 'products');
    for (let start = 0; start < options.products; start += CHUNK) {
      const rows = emptyRows();
      for (let index = start; index < Math.min(options.products, start + CHUNK); index++)
        addSyntheticProduct(context, rows, index, productBase + index + 1);
      await insertAll(trx, 'products', rows.products, 500);
      await insertAll(trx, 'price_list_items', rows.prices, 500);
      await insertAll(trx, 'rate_plans', rows.ratePlans, 500);
      await insertAll(trx, 'rate_plan_charges', rows.charges, 500);
      await insertAll(trx, 'rate_plan_charge_costs', rows.costs, 500);
    }
    await syncSequences(trx, TABLES);
    // A running portal's cached catalogue pages give way to the new products (docs/performance.md).
    await bumpDataVersion(trx, 'catalogue');
  });
  return { products: options.products, ms: Math.round(performance.now() - started) };
}
