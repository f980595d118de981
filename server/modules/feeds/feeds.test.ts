import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feed, FeedRow } from '../../generated/types';
import { signInBackofficeCallers } from '../../testing/backofficeCallers';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { writeVersionedRows } from '../../testing/versionedRows';

describe('feeds', () => {
  let server: TestServer;
  let root: TestClient;
  let resellerAdmin: TestClient;
  let otherSales: TestClient;
  let buyer: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    ({ root, resellerAdmin, otherSales, buyer } = await signInBackofficeCallers(server));
  });
  afterAll(async () => {
    await server.close();
  });

  const list = (client: TestClient, query = '') => client.get<FeedRow[]>(`/api/v1/feeds?per_page=1000${query}`);
  const names = (rows: FeedRow[]) => rows.map((row) => row.name);

  it('holds feeds of each delivery method, active and inactive, for root', async () => {
    const rows = (await list(root)).body;
    expect(new Set(rows.map((row) => row.delivery_method))).toEqual(new Set(['EMAIL', 'FTP', 'SITC']));
    for (const method of ['EMAIL', 'FTP', 'SITC']) {
      expect(new Set(rows.filter((row) => row.delivery_method === method).map((row) => row.active))).toEqual(new Set([true, false]));
    }
    expect(new Set(rows.map((row) => row.organisation?.id))).toEqual(new Set([1, 2]));
    const sorted = names(rows);
    expect(sorted).toEqual([...sorted].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it("shows a linked reseller's admin its own subtree's feeds only", async () => {
    const rows = (await list(resellerAdmin)).body;
    expect(names(rows)).toEqual(['Daily price file', 'Stock in the Channel', 'Warehouse stock (SFTP)']);
    expect((await resellerAdmin.get('/api/v1/feeds/4')).status).toBe(404);
  });

  it('filters by name and organisation subtree, sorts descending and pages with headers', async () => {
    expect(names((await list(root, '&name=STOCK')).body)).toEqual(['Stock in the Channel', 'Warehouse stock (SFTP)']);
    expect(names((await list(root, '&organisation=2')).body)).toHaveLength(3);
    expect(names((await list(root, '&organisation=3')).body)).toEqual([]);
    const descending = names((await list(root, '&sort_by=-name')).body);
    expect(descending[0]).toBe('Weekly summary');
    const page = await root.get<FeedRow[]>('/api/v1/feeds?per_page=4&page=2');
    expect(page.headers.get('x-total-count')).toBe('6');
    expect(page.headers.get('x-total-pages')).toBe('2');
    expect(page.body).toHaveLength(2);
  });

  it('reads a feed without its delivery password', async () => {
    const feed = await resellerAdmin.get<Feed>('/api/v1/feeds/2');
    expect(feed.body).toMatchObject({
      id: 2,
      delivery_method: 'FTP',
      ftp_server_protocol: 'SFTP',
      ftp_server_port: 22,
      columns: ['name', 'stock', 'ean'],
      delimiter: 'SEMI_COLON',
    });
    expect(feed.body).not.toHaveProperty('delivery_password');
  });

  it('needs feed_configuration:manage in an organisation with a linked account', async () => {
    expect((await buyer.get('/api/v1/feeds')).status).toBe(403);
    expect((await buyer.get('/api/v1/feeds/1')).status).toBe(403);
    // The other reseller's sales role, granted the permission, still lacks a linked account.
    const permission = await server.db('permissions').where('name', 'feed_configuration:manage').first('id');
    await writeVersionedRows(server.db, (trx) =>
      trx('role_permissions').insert({ id: 900, role_id: 3, permission_id: permission.id, value: 2 }),
    );
    try {
      const fresh = server.client();
      await fresh.login('sales@other-reseller.example');
      expect((await fresh.get('/api/v1/feeds')).status).toBe(403);
      await writeVersionedRows(server.db, (trx) =>
        trx('linked_accounts').insert({ id: 90, organisation_id: 5, name: 'Other Reseller Ltd', currency: 'GBP' }),
      );
      const linked = await fresh.get<FeedRow[]>('/api/v1/feeds');
      expect(linked.status).toBe(200);
      expect(linked.body).toEqual([]);
    } finally {
      await writeVersionedRows(server.db, (trx) => trx('linked_accounts').where('id', 90).delete());
      await writeVersionedRows(server.db, (trx) => trx('role_permissions').where('id', 900).delete());
    }
    expect((await otherSales.get('/api/v1/feeds')).status).toBe(403);
  });

  it('lets root staff in without feed_configuration:manage (002 §6: root, or the permission with a linked account)', async () => {
    const staff = server.client();
    await staff.login('staff@supplier.example');
    const whoami = await staff.get<{ root: boolean; admin: boolean; permissions: unknown[] }>('/api/v1/whoami');
    expect(whoami.body).toMatchObject({ root: true, admin: false, permissions: [] });
    expect(names((await list(staff)).body)).toHaveLength(6);
    expect((await staff.get<Feed>('/api/v1/feeds/2')).body).toMatchObject({ id: 2 });
  });

  it('tells the SPA whether the organisation has a linked account', async () => {
    const organisationOf = async (client: TestClient) =>
      (await client.get<{ organisation: { linked_account: boolean } }>('/api/v1/whoami')).body.organisation;
    expect(await organisationOf(resellerAdmin)).toMatchObject({ linked_account: true });
    expect(await organisationOf(buyer)).toMatchObject({ linked_account: false });
  });
});
