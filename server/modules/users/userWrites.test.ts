import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../generated/types';
import { signInBackofficeCallers, type BackofficeCallers } from '../../testing/backofficeCallers';
import { grantPermission } from '../../testing/grantPermission';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';

interface Problem {
  code: string;
  parameter?: string;
}

const RESELLER = 2;
const CUSTOMER = 3;
const OTHER_RESELLER = 5;
const OTHER_CUSTOMER = 6;
// Demo users: Olly Other (other reseller) and Uma Unverified (Customer Co).
const OLLY = 6;
const UMA = 7;

const newUser = (email: string, organisation: number, extra: Record<string, unknown> = {}) => ({
  name: 'New Starter',
  email_address: email,
  organisation,
  user_language: 'fr',
  timezone: 'Europe/Dublin',
  timeout: 3600,
  ...extra,
});

// An update sends the whole definition: name and e-mail are required (002 §5).
const uma = (extra: Record<string, unknown> = {}) => ({ name: 'Uma Unverified', email_address: 'new.starter@customer.example', ...extra });

// 002 §2.6, §5, §6: user:modify creates and edits users within the caller's organisation tree.
describe('user create and update', () => {
  let server: TestServer;
  let callers: BackofficeCallers;

  beforeAll(async () => {
    server = await startTestServer();
    callers = await signInBackofficeCallers(server);
  });
  afterAll(async () => {
    await server.close();
  });

  const create = (body: unknown, client: TestClient = callers.resellerAdmin) => client.post<User & Problem>('/api/v1/users', body);
  const update = (id: number, body: unknown, client: TestClient = callers.resellerAdmin) =>
    client.send<User & Problem>('PUT', `/api/v1/users/${id}`, body);

  it('creates an unverified user without a password, never admin or root, and answers 201 with the record', async () => {
    const response = await create(newUser('starter@customer.example', CUSTOMER));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'New Starter',
      email_address: 'starter@customer.example',
      organisation: { id: CUSTOMER },
      user_language: 'fr',
      timezone: 'Europe/Dublin',
      timeout: 3600,
      verified: false,
      admin: false,
      root: false,
      disabled: false,
    });
    const stored = await server.db('users').where('id', response.body.id).first('password_hash');
    expect(stored.password_hash).toBeNull();
    expect((await callers.resellerAdmin.get<User>(`/api/v1/users/${response.body.id}`)).body.email_address).toBe(
      'starter@customer.example',
    );
  });

  it('fills the language, timezone and timeout a new user leaves out', async () => {
    const response = await create({ name: 'Defaults', email_address: 'defaults@reseller.example', organisation: RESELLER });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ user_language: 'en', timeout: 1800 });
  });

  it('refuses an organisation outside the caller’s tree with 422 outside_scope, writing nothing', async () => {
    const response = await create(newUser('elsewhere@other-reseller.example', OTHER_RESELLER));
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'outside_scope', parameter: 'organisation' });
    expect(await server.db('users').where('email_address', 'elsewhere@other-reseller.example').first('id')).toBeUndefined();
  });

  it('lets root create anywhere', async () => {
    expect((await create(newUser('rooted@other-customer.example', OTHER_CUSTOMER), callers.root)).status).toBe(201);
  });

  it('refuses an e-mail already taken, in any case, with 409 duplicate_value', async () => {
    const response = await create(newUser('BUYER@Customer.example', CUSTOMER));
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'duplicate_value', parameter: 'email_address' });
  });

  it('refuses a timezone that is not one offered with 422 unknown_value', async () => {
    const response = await create(newUser('zone@customer.example', CUSTOMER, { timezone: 'Mars/Olympus' }));
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'unknown_value', parameter: 'timezone' });
  });

  it.each([
    [{ email_address: 'noname@customer.example', organisation: CUSTOMER }, 'name'],
    [{ name: 'No mail', organisation: CUSTOMER }, 'email_address'],
    [{ name: 'Bad mail', email_address: 'not-an-email', organisation: CUSTOMER }, 'email_address'],
    [{ name: 'No org', email_address: 'noorg@customer.example' }, 'organisation'],
    [newUser('admin@customer.example', CUSTOMER, { admin: true }), 'admin'],
    [newUser('root@customer.example', CUSTOMER, { root: true }), 'root'],
    [newUser('verified@customer.example', CUSTOMER, { verified: true }), 'verified'],
    [newUser('timeout@customer.example', CUSTOMER, { timeout: 999 }), 'timeout'],
    [newUser('locale@customer.example', CUSTOMER, { user_language: 'xx' }), 'user_language'],
  ])('refuses %j with 400 invalid_body naming %s', async (body, field) => {
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_body', parameter: field });
  });

  it('needs user:modify (403) and a session (401)', async () => {
    expect((await create(newUser('buyer2@customer.example', CUSTOMER), callers.buyer)).status).toBe(403);
    expect((await create(newUser('sales2@other-reseller.example', OTHER_CUSTOMER), callers.otherSales)).status).toBe(403);
    expect((await create(newUser('anon@customer.example', CUSTOMER), server.client())).status).toBe(401);
    expect((await update(UMA, uma(), server.client())).status).toBe(401);
    expect((await update(UMA, uma(), callers.buyer)).status).toBe(403);
  });

  it('updates the definition of a user in the tree and keeps the rest', async () => {
    const response = await update(UMA, uma({ name: 'Uma Verified-Soon', timezone: 'Europe/London', timeout: 7200 }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: UMA,
      name: 'Uma Verified-Soon',
      email_address: 'new.starter@customer.example',
      timeout: 7200,
      organisation: { id: CUSTOMER },
    });
    // Its own e-mail is no clash with itself, whatever the case.
    expect((await update(UMA, uma({ email_address: 'NEW.STARTER@customer.example' }))).status).toBe(200);
  });

  it('refuses an update to an e-mail another user has (409) and to an unknown timezone (422)', async () => {
    expect((await update(UMA, uma({ email_address: 'admin@reseller.example' }))).body).toMatchObject({
      code: 'duplicate_value',
      parameter: 'email_address',
    });
    expect((await update(UMA, uma({ timezone: 'Nowhere' }))).body).toMatchObject({ code: 'unknown_value', parameter: 'timezone' });
  });

  it('answers 404 for a user outside the caller’s tree, changing nothing', async () => {
    const response = await update(OLLY, { name: 'Hijacked', email_address: 'sales@other-reseller.example' });
    expect(response.status).toBe(404);
    expect((await server.db('users').where('id', OLLY).first('name')).name).toBe('Olly Other');
  });

  it.each([
    [uma({ organisation: OTHER_RESELLER }), 'organisation'],
    [uma({ name: '' }), 'name'],
    [{ name: 'No mail' }, 'email_address'],
  ])('refuses an update of %j with 400 naming %s', async (body, field) => {
    const response = await update(UMA, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_body', parameter: field });
  });

  // Records round-trip: the user as its GET shows it may come back, its flags as they are.
  it.each([['admin'], ['disabled'], ['verified']])(
    'refuses an update changing %s (403 forbidden_field), and takes it sent as it is',
    async (flag) => {
      const shown = (await callers.resellerAdmin.get<Record<string, unknown>>(`/api/v1/users/${UMA}`)).body;
      const changed = await update(UMA, { ...shown, [flag]: !shown[flag] });
      expect([changed.status, changed.body]).toMatchObject([403, { code: 'forbidden_field', parameter: flag }]);
      expect((await update(UMA, shown)).status).toBe(200);
    },
  );
});

// A grant of 1 ("child organisations") reaches the organisations below the caller's own only.
describe('user create with a children-only grant', () => {
  let server: TestServer;
  let sales: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    await grantPermission(server.db, 'Reseller sales', 'user:modify', 1);
    sales = server.client();
    await sales.login('sales@other-reseller.example');
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates below its own organisation but not in it', async () => {
    expect((await sales.post('/api/v1/users', newUser('child@other-customer.example', OTHER_CUSTOMER))).status).toBe(201);
    const own = await sales.post<Problem>('/api/v1/users', newUser('own@other-reseller.example', OTHER_RESELLER));
    expect(own.status).toBe(422);
    expect(own.body).toMatchObject({ code: 'outside_scope', parameter: 'organisation' });
  });
});
