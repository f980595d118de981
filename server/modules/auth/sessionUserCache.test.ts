import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeVersionedRows } from '../../testing/versionedRows';
import { startTestServer, TestClient, type TestServer } from '../../testing/testServer';
import { BUYER, EU_BUYER, ROOT_ADMIN } from '../../testing/testUsers';
import { startSecondInstance, type SecondInstance } from '../../testing/secondInstance';

interface Me {
  name: string;
  user_language: string;
  permissions: { permission: string; parent: boolean }[];
  organisation: { id: number; linked_account: boolean };
}

// Two servers over one database, as two processes behind a load balancer: each has its own
// connection pool and its own cache of session users. A change made through either (or by a job)
// must hold on the very next request of both.
describe('session users cached by the access data version', () => {
  let server: TestServer;
  let second: SecondInstance;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    second = await startSecondInstance(server);
    admin = await signedInOn(second.baseUrl, ROOT_ADMIN);
  });
  afterAll(async () => {
    await second.close();
    await server.close();
  });

  async function signedInOn(baseUrl: string, email: string): Promise<TestClient> {
    const client = new TestClient(baseUrl);
    expect((await client.login(email)).status).toBe(200);
    return client;
  }
  /** One signed-in client on each server, each having been served (so cached) at least twice. */
  async function onBoth(email: string): Promise<TestClient[]> {
    const clients = [await signedInOn(server.baseUrl, email), await signedInOn(second.baseUrl, email)];
    for (const client of clients) for (let time = 0; time < 2; time++) expect((await client.get('/api/v1/whoami')).status).toBe(200);
    return clients;
  }
  const idOf = async (email: string) => Number(((await server.db('users').where('email_address', email).first('id')) as { id: number }).id);
  const statuses = async (clients: TestClient[], path: string) =>
    Promise.all(clients.map(async (client) => (await client.get(path)).status));

  it('signs a user disabled in one process out at the next request in both, and lets them back once enabled', async () => {
    const buyers = await onBoth(EU_BUYER);
    const id = await idOf(EU_BUYER);
    expect((await admin.post(`/api/v1/users/${id}/disable`, {})).status).toBe(200);
    expect(await statuses(buyers, '/api/v1/whoami')).toEqual([401, 401]);

    expect((await admin.post(`/api/v1/users/${id}/enable`, {})).status).toBe(200);
    expect(await statuses(await onBoth(EU_BUYER), '/api/v1/whoami')).toEqual([200, 200]);
  });

  it('signs the users of a disabled organisation out at the next request in both', async () => {
    const buyers = await onBoth(EU_BUYER);
    const { organisation } = (await buyers[0]!.get<Me>('/api/v1/whoami')).body;
    expect((await admin.post(`/api/v1/organisations/${organisation.id}/disable`, {})).status).toBe(200);
    expect(await statuses(buyers, '/api/v1/whoami')).toEqual([401, 401]);
    expect((await admin.post(`/api/v1/organisations/${organisation.id}/enable`, {})).status).toBe(200);
  });

  it('applies a revoked grant at the next request in both, and a restored one', async () => {
    const buyers = await onBoth(BUYER);
    expect(await statuses(buyers, '/api/v1/orders')).toEqual([200, 200]);
    const { id: permission } = (await server.db('permissions').where('name', 'order:view').first('id')) as { id: number };
    const role = (await server.db('roles').where('name', 'Buyer').first('id', 'name')) as { id: number; name: string };
    const grant = (value: number) =>
      admin.send('PUT', `/api/v1/roles/${role.id}`, { name: role.name, permissions: [{ permission, value }] });

    expect((await grant(0)).status).toBe(200);
    try {
      expect(await statuses(buyers, '/api/v1/orders')).toEqual([403, 403]);
      for (const buyer of buyers) {
        expect((await buyer.get<Me>('/api/v1/whoami')).body.permissions.map((entry) => entry.permission)).not.toContain('order:view');
      }
    } finally {
      expect((await grant(2)).status).toBe(200);
    }
    expect(await statuses(buyers, '/api/v1/orders')).toEqual([200, 200]);
  });

  it('ends a session signed out in one process in the other at once', async () => {
    const here = await signedInOn(server.baseUrl, BUYER);
    const there = new TestClient(second.baseUrl);
    there.setCookie('hub_session', here.cookie('hub_session') ?? '');
    expect(await statuses([here, there, there], '/api/v1/whoami')).toEqual([200, 200, 200]);

    expect((await here.post('/api/v1/auth/logout')).status).toBe(204);
    expect((await there.get('/api/v1/whoami')).status).toBe(401);
  });

  it('ends an expired session at the next request in both', async () => {
    const buyers = await onBoth(BUYER);
    const sessions = buyers.map((buyer) => buyer.cookie('hub_session'));
    expect(sessions.every((session) => session !== undefined)).toBe(true);
    // Idle past its timeout: the row says so (sessions are no access data, the row is read each time).
    await server
      .db('sessions')
      .whereIn('user_id', [await idOf(BUYER)])
      .update({ expires_at: Date.now() - 1 });
    expect(await statuses(buyers, '/api/v1/whoami')).toEqual([401, 401]);
  });

  it('shows a rename, a language and a new linked account at the next request in both', async () => {
    const buyers = await onBoth(EU_BUYER);
    const id = await idOf(EU_BUYER);
    const { organisation } = (await buyers[0]!.get<Me>('/api/v1/whoami')).body;
    expect(organisation.linked_account).toBe(false);

    const user = (await admin.get<Record<string, unknown>>(`/api/v1/users/${id}`)).body;
    const { email_address, user_language, timezone, timeout } = user;
    expect(
      (await admin.send('PUT', `/api/v1/users/${id}`, { name: 'Eva Renamed', email_address, user_language, timezone, timeout })).status,
    ).toBe(200);
    expect((await buyers[1]!.send('PUT', '/api/v1/whoami/language', { user_language: 'de' })).status).toBeLessThan(300);
    // A job or a test writing the tables itself goes through a helper that bumps the version too.
    await writeVersionedRows(server.db, (trx) =>
      trx('linked_accounts').insert({ organisation_id: organisation.id, name: 'EU ledger', currency: 'EUR' }),
    );

    for (const buyer of buyers) {
      const me = (await buyer.get<Me>('/api/v1/whoami')).body;
      expect(me).toMatchObject({ name: 'Eva Renamed', user_language: 'de', organisation: { linked_account: true } });
    }
  });
});
