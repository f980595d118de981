import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInBackofficeCallers, type BackofficeCallers } from '../../testing/backofficeCallers';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { signedIn } from '../../testing/testUsers';

interface NewClient {
  id: number;
  client_id: string;
  token: string;
  last_used_at: string | null;
}

let server: TestServer;
let callers: BackofficeCallers;

beforeAll(async () => {
  server = await startTestServer();
  callers = await signInBackofficeCallers(server);
});
afterAll(async () => {
  await server.close();
});

const bearer = (token: string, method = 'GET', path = '/api/v1/orders', body?: unknown) =>
  fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

it('creates a client whose token is shown once and kept only as a hash; the token acts as the user', async () => {
  const created = await callers.resellerAdmin.post<NewClient>('/api/v1/whoami/api_clients', { name: 'Nightly export' });
  expect(created.status, created.text).toBe(201);
  const stored = await server.db('api_clients').where('id', created.body.id).first();
  expect(stored.secret_hash).not.toContain(created.body.token.split('.')[1]);
  const listed = await callers.resellerAdmin.get<Record<string, unknown>[]>('/api/v1/whoami/api_clients');
  expect(JSON.stringify(listed.body)).not.toContain(created.body.token.split('.')[1]);
  const orders = await bearer(created.body.token);
  expect(orders.status).toBe(200);
  // The same scope as the user's own session.
  const viaSession = await callers.resellerAdmin.get<unknown[]>('/api/v1/orders?per_page=96');
  const viaToken = (await (await bearer(created.body.token, 'GET', '/api/v1/orders?per_page=96')).json()) as unknown[];
  expect(viaToken).toEqual(viaSession.body);
  expect(
    (await callers.resellerAdmin.get<{ last_used_at: string | null }[]>('/api/v1/users/2/api_clients')).body.find(
      (row) => row.last_used_at !== null,
    ),
  ).toBeTruthy();
});

it('needs no CSRF token, is audited as the client, and ends when the client is deleted', async () => {
  const created = await callers.resellerAdmin.post<NewClient>('/api/v1/whoami/api_clients', { name: 'Writer' });
  const write = await bearer(created.body.token, 'PUT', '/api/v1/users/7/notifications', { types: ['order_created'] });
  expect(write.status).toBe(200);
  const entry = await server.db('audit_log_entries').where({ entity_type: 'user', entity_id: 7 }).orderBy('id', 'desc').first();
  expect(entry.api_client).toBe(`Writer (${created.body.client_id})`);
  expect(Number(entry.user_id)).toBe(2);
  expect((await callers.resellerAdmin.send('DELETE', `/api/v1/whoami/api_clients/${created.body.id}`)).status).toBe(204);
  const after = await bearer(created.body.token);
  expect(after.status).toBe(401);
  expect(((await after.json()) as { code: string }).code).toBe('api_client_invalid');
});

it('stops working when the user is disabled or the client expired; a wrong secret counts as a failed sign-in', async () => {
  const bob = server.client();
  await bob.login('buyer@customer.example');
  const created = await bob.post<NewClient>('/api/v1/whoami/api_clients', { name: 'Bob tool' });
  expect((await bearer(created.body.token)).status).toBe(200);
  expect((await callers.resellerAdmin.post('/api/v1/users/3/disable')).status).toBe(200);
  expect((await bearer(created.body.token)).status).toBe(401);
  await callers.resellerAdmin.post('/api/v1/users/3/enable');
  expect((await bearer(created.body.token)).status).toBe(200);
  // Disabling ended Bob's sessions; his client outlived them.
  await bob.login('buyer@customer.example');
  const failures = Number(
    (await server.db('login_failures').where('email_address', 'buyer@customer.example').count({ n: '*' }).first())?.n,
  );
  expect((await bearer(`${created.body.client_id}.${'A'.repeat(43)}`)).status).toBe(401);
  expect(Number((await server.db('login_failures').where('email_address', 'buyer@customer.example').count({ n: '*' }).first())?.n)).toBe(
    failures + 1,
  );
  const expiring = await bob.post<NewClient>('/api/v1/whoami/api_clients', {
    name: 'Short',
    expires_at: new Date(Date.now() + 60_000).toISOString(),
  });
  expect((await bearer(expiring.body.token)).status).toBe(200);
  await server
    .db('api_clients')
    .where('id', expiring.body.id)
    .update({ expires_at: Date.now() - 1 });
  expect((await bearer(expiring.body.token)).status).toBe(401);
});

it('is created by the user themselves (a buyer too), never while emulated; revoked by them or an administrator over them', async () => {
  expect(
    (await callers.resellerAdmin.post('/api/v1/whoami/api_clients', { name: 'Past', expires_at: '2020-01-01T00:00:00Z' })).status,
  ).toBe(400);
  const emulating = server.client();
  await emulating.login('admin@reseller.example');
  await emulating.post('/api/v1/users/7/emulation', { reason: 'Checking an API client' });
  expect((await emulating.post<{ code: string }>('/api/v1/whoami/api_clients', { name: 'As Uma' })).body.code).toBe('not_while_emulating');
  const bobsClient = await server.db('api_clients').where('user_id', 3).first('id');
  // Not another user's through one's own list; another tree's user is out of reach.
  expect((await callers.resellerAdmin.send('DELETE', `/api/v1/whoami/api_clients/${bobsClient.id}`)).status).toBe(404);
  expect((await callers.otherSales.send('DELETE', `/api/v1/users/3/api_clients/${bobsClient.id}`)).status).toBe(403);
  expect(
    (await (await signedIn(server, 'buyer@customer.example')).send('DELETE', `/api/v1/users/3/api_clients/${bobsClient.id}`)).status,
  ).toBe(403);
  expect((await callers.resellerAdmin.send('DELETE', `/api/v1/users/3/api_clients/${bobsClient.id}`)).status).toBe(204);
  expect(await server.db('api_clients').where('id', bobsClient.id).first()).toBeUndefined();
});
