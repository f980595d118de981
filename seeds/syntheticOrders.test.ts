import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { startTestServer, type TestServer } from '../server/testing/testServer';
import { seedSyntheticOrders } from './syntheticOrders';

const count = async (query: Knex.QueryBuilder) => Number((await query.count({ n: '*' }).first())?.['n'] ?? 0);

describe('synthetic orders (hub seed --orders)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('adds a tree of resellers and customers under the root organisation, and orders spread over it', async () => {
    const { db } = server;
    const ordersBefore = await count(db('orders'));
    const result = await seedSyntheticOrders(db, { orders: 600, organisations: 60, seed: 3 });
    expect(result).toMatchObject({ orders: 600, organisations: 60 });
    const synthetic = await db('organisations as o')
      .join('organisations as parent', 'parent.id', 'o.parent_id')
      .where('o.name', 'like', 'Synthetic %')
      .select('o.id', 'o.name', 'o.tree_path', 'parent.tree_path as parent_path');
    expect(synthetic).toHaveLength(60);
    // Every path extends its parent's by its own id: the subtree scopes and filters depend on it.
    for (const row of synthetic) expect(row.tree_path).toBe(`${row.parent_path}${row.id}/`);
    expect(synthetic.filter((row) => row.name.startsWith('Synthetic Reseller')).length).toBe(3);
    expect((await count(db('orders'))) - ordersBefore).toBe(600);
    expect(await db('orders').where('name', 'like', 'SYN-ORD-%').distinct('status').pluck('status')).toHaveLength(10);

    // The root admin's list sees them all, and "my customers" all but its own organisation's.
    const admin = server.client();
    await admin.login('admin@supplier.example');
    const all = await admin.get('/api/v1/orders');
    expect(Number(all.headers.get('x-total-count'))).toBe(ordersBefore + 600);
    const customers = await admin.get('/api/v1/orders?customers=true');
    expect(Number(customers.headers.get('x-total-count'))).toBeGreaterThanOrEqual(600);
    // New orders get ids past the seeded ones (PostgreSQL's sequences were moved on).
    await seedSyntheticOrders(db, { orders: 10, organisations: 2, seed: 4 });
    expect(await count(db('orders').where('name', 'like', 'SYN-ORD-%'))).toBe(610);
  });
});
