import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '../server/testing/testDatabase';
import { seedSyntheticCatalogue } from './synthetic';
import { writeVersionedRows } from '../server/testing/versionedRows';

const count = async (query: Knex.QueryBuilder) => Number((await query.count({ n: '*' }).first())?.['n'] ?? 0);
const synthetic = (db: Knex, table: string, productColumn: string) =>
  db(`${table} as t`).join('products as p', 'p.id', `t.${productColumn}`).where('p.product_code', 'like', 'SYN-%');

describe('synthetic catalogue', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('adds N products on top of the demo data, priced in both default lists, with subscription rate plans', async () => {
    const db = database.db;
    const before = await count(db('products'));
    const result = await seedSyntheticCatalogue(db, { products: 1200, seed: 7 });
    expect(result.products).toBe(1200);
    expect((await count(db('products'))) - before).toBe(1200);
    const defaults = db('price_lists').where('is_default', true).select('id');
    expect(await count(synthetic(db, 'price_list_items', 'product_id').whereIn('t.price_list_id', defaults))).toBe(2400);
    expect(
      await count(synthetic(db, 'price_list_items', 'product_id').whereIn('t.price_list_id', defaults).whereNotNull('t.price')),
    ).toBeGreaterThan(2000);
    expect(await count(synthetic(db, 'rate_plans', 'product_id'))).toBe(240);
    const types = await synthetic(db, 'rate_plans', 'product_id').distinct('p.subscription_type');
    expect(types).toHaveLength(7);
    expect(await count(db('vendors').where('name', 'like', 'Synthetic Vendor %'))).toBe(40);
    // The demo's five types are reused, not duplicated.
    expect(await count(db('product_types'))).toBe(5);
  });

  it('may run again on the same database, reusing its vendors', async () => {
    const db = database.db;
    await seedSyntheticCatalogue(db, { products: 300, seed: 7 });
    expect(await count(db('products').where('product_code', 'like', 'SYN-%'))).toBe(1500);
    expect(await count(db('vendors').where('name', 'like', 'Synthetic Vendor %'))).toBe(40);
    const [inserted] = await writeVersionedRows(db, (trx) =>
      trx('products').insert({ name: 'After the seed', product_code: 'AFTER-1' }).returning('id'),
    );
    const id = typeof inserted === 'object' ? Number((inserted as { id: number }).id) : Number(inserted);
    expect(id).toBe(Number((await db('products').max({ id: 'id' }).first())?.['id']));
  });

  it('works on an empty database, and is the same for the same seed', async () => {
    const snapshots: unknown[] = [];
    for (let run = 0; run < 2; run++) {
      const empty = await createTestDatabase({ demo: false });
      try {
        await seedSyntheticCatalogue(empty.db, { products: 50, seed: 3 });
        expect(await count(empty.db('products'))).toBe(50);
        expect(await count(empty.db('price_lists').where('is_default', true))).toBe(2);
        expect(await count(empty.db('product_types'))).toBe(5);
        snapshots.push(
          await empty
            .db('products as p')
            .join('price_list_items as pli', 'pli.product_id', 'p.id')
            .orderBy('pli.id')
            .select('p.name', 'p.product_code', 'pli.price', 'pli.rrp'),
        );
      } finally {
        await empty.drop();
      }
    }
    expect(snapshots[1]).toEqual(snapshots[0]);
  });
});
