import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../generated/operations';
import { writeVersionedRows } from '../testing/versionedRows';
import { startTestServer, TestClient, type TestServer } from '../testing/testServer';
import { BUYER, idsOf, ROOT_ADMIN, type Row } from '../testing/testUsers';
import { inTransaction, SYSTEM_ACTOR } from '../writes/records';
import { versionsRead } from './listCache';
import { startSecondInstance, type SecondInstance } from '../testing/secondInstance';

const metaOf = (id: string) => operations.find((operation) => operation.id === id)!.generic!;

// Customer Co's subtree (seeds/demo/orders.ts): its own orders and its branch's (2, 7, 12, 17).
const CUSTOMER_SUBTREE_ORDERS = [1, 2, 4, 6, 7, 9, 11, 12, 14, 16, 17, 19];
const BRANCH_ORDERS = [2, 7, 12, 17];
const CHILDREN_ONLY = 'children-only@customer.example';

describe('which generic lists are cached', () => {
  it('caches a list only when every table it reads carries a data version', () => {
    // Orders, their organisations (scope, subtree filter, expansion) and creating users.
    expect(versionsRead(metaOf('listOrders'))).toEqual(['access', 'orders']);
    expect(versionsRead(metaOf('listUsers'))).toEqual(['access']);
    // Product groups carry no data version: nothing would tell a cache of their writes.
    expect(versionsRead(metaOf('listProductGroups'))).toBeUndefined();
  });
});

// Two servers over one database, as two processes behind a load balancer: each has its own
// connection pool and its own cache. A write through either, or by a job, shows on the next
// request of both.
describe('cached order lists', () => {
  let server: TestServer;
  let second: SecondInstance;
  let roots: TestClient[];
  let buyers: TestClient[];

  async function signedInOn(baseUrl: string, email: string): Promise<TestClient> {
    const client = new TestClient(baseUrl);
    expect((await client.login(email)).status).toBe(200);
    return client;
  }
  async function list(client: TestClient, query: string) {
    const response = await client.get<Row[]>(`/api/v1/orders${query}`);
    expect(response.status, response.text).toBe(200);
    return {
      ids: idsOf(response.body),
      rows: response.body,
      total: Number(response.headers.get('x-total-count')),
      headers: response.headers,
    };
  }

  beforeAll(async () => {
    server = await startTestServer();
    second = await startSecondInstance(server);
    // A Customer Co user whose order:view reaches its child organisations only (a grant of 1).
    await writeVersionedRows(server.db, async (trx) => {
      const { id: _id, ...buyer } = (await trx('users').where('email_address', BUYER).first()) as Record<string, unknown>;
      const [user] = (await trx('users')
        .insert({ ...buyer, name: 'Chris Children', email_address: CHILDREN_ONLY })
        .returning('id')) as ({ id: number } | number)[];
      const [role] = (await trx('roles').insert({ name: 'Branch orders', organisation_id: 3, template: false }).returning('id')) as (
        { id: number } | number
      )[];
      const roleId = typeof role === 'object' ? role.id : role!;
      const permission = (await trx('permissions').where('name', 'order:view').first('id')) as { id: number };
      await trx('role_permissions').insert({ role_id: roleId, permission_id: permission.id, value: 1 });
      await trx('user_roles').insert({ user_id: typeof user === 'object' ? user.id : user, role_id: roleId });
    });
    roots = [await signedInOn(server.baseUrl, ROOT_ADMIN), await signedInOn(second.baseUrl, ROOT_ADMIN)];
    buyers = [await signedInOn(server.baseUrl, BUYER), await signedInOn(second.baseUrl, BUYER)];
  });
  afterAll(async () => {
    await second.close();
    await server.close();
  });

  it('answers each caller their own scope from one cache, whatever the others asked first', async () => {
    const childrenOnly = await signedInOn(server.baseUrl, CHILDREN_ONLY);
    for (let time = 0; time < 2; time++) {
      expect((await list(buyers[0]!, '?per_page=96')).ids).toEqual(CUSTOMER_SUBTREE_ORDERS);
      expect((await list(childrenOnly, '?per_page=96')).ids).toEqual(BRANCH_ORDERS);
      expect((await list(roots[0]!, '?per_page=96')).total).toBe(20);
    }
  });

  it('tells filter values apart, and takes one set of values in any order as the same', async () => {
    const all = (await list(roots[0]!, '?per_page=96')).rows;
    const expected = (statuses: string[]) => idsOf(all.filter((row) => statuses.includes(String(row['status']))));
    const [first, other] = [...new Set(all.map((row) => String(row['status'])))];
    expect((await list(roots[0]!, `?per_page=96&status=${first}`)).ids).toEqual(expected([first!]));
    expect((await list(roots[0]!, `?per_page=96&status=${other}`)).ids).toEqual(expected([other!]));
    const both = expected([first!, other!]);
    expect((await list(roots[0]!, `?per_page=96&status=${first}&status=${other}`)).ids).toEqual(both);
    expect((await list(roots[0]!, `?per_page=96&status=${other}&status=${first}&status=${other}`)).ids).toEqual(both);
  });

  it('shows an order changed by a job at the next request in both processes, its counts too', async () => {
    const query = '?per_page=96&status=CANCELLED';
    const before = await Promise.all(roots.map((root) => list(root, query)));
    const order = (await list(roots[1]!, '?per_page=96&status=CREATED')).rows[0]!;
    await inTransaction(server.db, SYSTEM_ACTOR, (records) => records.update('order', Number(order['id']), { status: 'CANCELLED' }));
    for (const root of roots) {
      const after = await list(root, query);
      expect(after.ids).toContain(order['id']);
      expect(after.total).toBe(before[0]!.total + 1);
    }
  });

  it('shows a renamed organisation in the rows of both at the next request', async () => {
    for (const buyer of buyers) await list(buyer, '');
    // Through the other process's connections this time.
    await inTransaction(second.db, SYSTEM_ACTOR, (records) => records.update('organisation', 3, { name: 'Customer Co Renamed' }));
    for (const buyer of buyers) {
      const names = (await list(buyer, '')).rows
        .filter((row) => (row['organisation'] as { id: number }).id === 3)
        .map((row) => (row['organisation'] as { name: string }).name);
      expect(new Set(names)).toEqual(new Set(['Customer Co Renamed']));
    }
  });

  it('sends a cached page with an ETag and no-store, and a 304 when it is unchanged', async () => {
    const first = await list(buyers[0]!, '');
    expect(first.headers.get('cache-control')).toBe('no-store');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await buyers[0]!.request('GET', '/api/v1/orders', undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });
});
