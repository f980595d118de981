import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User, UserAction, UserRow } from '../../generated/types';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { writeVersionedRows } from '../../testing/versionedRows';

describe('users', () => {
  let server: TestServer;
  let root: TestClient;
  let resellerAdmin: TestClient;
  let buyer: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    [root, resellerAdmin, buyer] = [server.client(), server.client(), server.client()];
    await root.login('admin@supplier.example');
    await resellerAdmin.login('admin@reseller.example');
    await buyer.login('buyer@customer.example');
  });
  afterAll(async () => {
    await server.close();
  });

  const list = (client: TestClient, query = '') => client.get<UserRow[]>(`/api/v1/users?per_page=96${query}`);
  const emails = (rows: UserRow[]) => rows.map((row) => row.email_address);

  it('pages 24 by default, sorted by name, with the organisation of each row', async () => {
    const response = await root.get<UserRow[]>('/api/v1/users');
    expect(response.headers.get('x-total-count')).toBe('11');
    expect(response.headers.get('x-total-pages')).toBe('1');
    const names = response.body.map((row) => row.name);
    expect(names).toEqual([...names].sort());
    expect(response.body.find((row) => row.id === 3)?.organisation).toMatchObject({ id: 3, name: 'Customer Co Ltd', depth: 2, parent: 2 });
    const second = await root.get<UserRow[]>('/api/v1/users?per_page=4&page=2');
    expect(second.headers.get('x-total-pages')).toBe('3');
    expect(second.body.map((row) => row.name)).toEqual(names.slice(4, 8));
  });

  it('sorts by email address both ways', async () => {
    const ascending = emails((await list(root, '&sort_by=%2Bemail_address')).body);
    expect(ascending).toEqual([...ascending].sort());
    expect(emails((await list(root, '&sort_by=-email_address')).body)).toEqual([...ascending].reverse());
  });

  it('filters by name or e-mail text, organisation subtree and status flags', async () => {
    expect(emails((await list(root, '&text=RITA')).body)).toEqual(['admin@reseller.example']);
    expect(emails((await list(root, '&text=other-reseller')).body)).toEqual(['sales@other-reseller.example']);
    expect(emails((await list(root, '&organisation=3')).body).sort()).toEqual([
      'buyer@customer.example',
      'checkout@customer.example',
      'former@customer.example',
      'manager@customer-branch.example',
      'new.starter@customer.example',
    ]);
    expect(emails((await list(root, '&organisation=7')).body)).toEqual(['manager@customer-branch.example']);
    expect(emails((await list(root, '&disabled=true')).body)).toEqual(['former@customer.example']);
    expect(emails((await list(root, '&disabled=false')).body)).not.toContain('former@customer.example');
    // The demo's unverified and password-reset users (002 §2.5 statuses).
    expect(emails((await list(root, '&verified=false')).body)).toEqual(['new.starter@customer.example']);
    expect(emails((await list(root, '&password_reset=true')).body)).toEqual(['manager@customer-branch.example']);
    await writeVersionedRows(server.db, (trx) => trx('users').where('id', 4).update({ password_reset: true, verified: true }));
    try {
      expect(emails((await list(root, '&password_reset=true')).body)).toEqual([
        'buyer@eu-customer.example',
        'manager@customer-branch.example',
      ]);
      expect(emails((await list(root, '&verified=true')).body)).toContain('buyer@eu-customer.example');
      expect(emails((await list(root, '&verified=false')).body)).not.toContain('buyer@eu-customer.example');
    } finally {
      await writeVersionedRows(server.db, (trx) => trx('users').where('id', 4).update({ password_reset: false, verified: true }));
    }
  });

  it("shows each row's two-factor and status flags", async () => {
    const rows = (await list(root)).body;
    expect(rows.find((row) => row.email_address === 'security@reseller.example')).toMatchObject({
      two_factor: true,
      verified: true,
      disabled: false,
    });
    expect(rows.find((row) => row.email_address === 'manager@customer-branch.example')?.organisation).toMatchObject({ id: 7, depth: 3 });
  });

  it("shows a reseller admin its subtree's users and not the other reseller's", async () => {
    const seen = emails((await list(resellerAdmin)).body);
    expect(seen.sort()).toEqual([
      'admin@reseller.example',
      'buyer@customer.example',
      'buyer@eu-customer.example',
      'checkout@customer.example',
      'former@customer.example',
      'manager@customer-branch.example',
      'new.starter@customer.example',
      'security@reseller.example',
    ]);
    expect(emails((await list(resellerAdmin, '&organisation=5')).body)).toEqual([]);
  });

  it('answers 403 without user:view, 404 for a user outside the scope', async () => {
    expect((await buyer.get('/api/v1/users')).status).toBe(403);
    expect((await buyer.get('/api/v1/users/3')).status).toBe(403);
    const own = await resellerAdmin.get<User>('/api/v1/users/3');
    expect(own.body).toMatchObject({ id: 3, email_address: 'buyer@customer.example', timeout: expect.any(Number) });
    expect(own.body).not.toHaveProperty('password_hash');
    expect((await resellerAdmin.get('/api/v1/users/6')).status).toBe(404);
    expect((await resellerAdmin.get('/api/v1/users/1')).status).toBe(404);
  });

  it("lists a user's actions newest first with who acted on their behalf, paged, in scope only", async () => {
    const actions = await resellerAdmin.get<UserAction[]>('/api/v1/users/3/actions');
    expect(actions.status).toBe(200);
    expect(actions.headers.get('x-total-count')).toBe('2');
    expect(actions.body.map((action) => action.action)).toEqual(['CREATE', 'UPDATE']);
    expect(actions.body[1]).toMatchObject({ on: 'organisation 3', ip_address: '203.0.113.10', on_behalf: { id: 1, name: 'Sam Supplier' } });
    expect(actions.body[0]?.on_behalf).toBeNull();
    // What each was on, named (issue 17: no raw id on a back-office screen).
    expect(actions.body.map((action) => [action.on_type, action.on_id, action.on_name])).toEqual([
      ['order', 1, expect.stringMatching(/^HUB-/)],
      ['organisation', 3, 'Customer Co Ltd'],
    ]);
    const oldest = await resellerAdmin.get<UserAction[]>('/api/v1/users/3/actions?sort_by=%2Btimestamp&per_page=1');
    expect(oldest.headers.get('x-total-pages')).toBe('2');
    expect(oldest.body.map((action) => action.action)).toEqual(['UPDATE']);
    expect((await resellerAdmin.get('/api/v1/users/1/actions')).status).toBe(404);
    expect((await buyer.get('/api/v1/users/3/actions')).status).toBe(403);
  });
});
