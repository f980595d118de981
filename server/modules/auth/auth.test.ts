import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { hashPassword, verifyPassword } from './passwords';
import { FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS } from './loginThrottle';

describe('passwords', () => {
  it('hashes with scrypt at OWASP cost and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('correct horse', 'not-a-hash')).toBe(false);
  });
});

describe('sign-in and sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });
  // A test that fails half-way must not leave its failures to slow the next one's sign-in.
  afterEach(async () => {
    await server.db('login_failures').delete();
  });

  it('answers whoami with 401 problem+json when signed out', async () => {
    const response = await server.client().get('/api/v1/whoami');
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body).toMatchObject({ status: 401, code: 'unauthenticated', message_key: 'problem.unauthenticated' });
  });

  it('signs in with an HttpOnly SameSite=Lax cookie and returns the current user', async () => {
    const client = server.client();
    await client.get('/healthz');
    const response = await client.request(
      'POST',
      '/api/v1/auth/login',
      { email_address: 'buyer@customer.example', password: 'demo-password' },
      { 'x-csrf-token': client.cookie('hub_csrf') ?? '' },
    );
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith('hub_session='));
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/samesite=lax/i);
    expect(response.body).toMatchObject({
      email_address: 'buyer@customer.example',
      admin: false,
      root: false,
      currency: 'GBP',
      real_id: null,
    });
    const whoami = await client.get<{
      permissions: { permission: string; parent: boolean }[];
      organisation: { finance_type: string; parent: number | null };
    }>('/api/v1/whoami');
    expect(whoami.status).toBe(200);
    const names = whoami.body.permissions.map((entry) => entry.permission);
    for (const name of ['order:view', 'order:view_draft', 'order:modify_draft', 'order:checkout', 'quote:accept'])
      expect(names).toContain(name);
    expect(whoami.body.organisation.finance_type).toBe('AGENT');
    // The parent tells the client whether the organisation is the top of the tree (001 §2 payment type filter).
    expect(whoami.body.organisation.parent).toBe(2);
  });

  it('gives a new session id at every sign-in and ends the old one', async () => {
    const client = server.client();
    await client.login('buyer@eu-customer.example');
    const first = client.cookie('hub_session');
    await client.login('buyer@eu-customer.example');
    const second = client.cookie('hub_session');
    expect(first).toBeDefined();
    expect(second).not.toBe(first);
    const stale = server.client();
    stale.setCookie('hub_session', first ?? '');
    expect((await stale.get('/api/v1/whoami')).status).toBe(401);
    expect((await client.get('/api/v1/whoami')).status).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const client = server.client();
    await client.login('admin@reseller.example');
    const token = client.cookie('hub_session') ?? '';
    const rows = await server.db('sessions').select('id');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.id)).not.toContain(token);
  });

  it('logs out', async () => {
    const client = server.client();
    await client.login('admin@reseller.example');
    expect((await client.post('/api/v1/auth/logout')).status).toBeLessThan(300);
    expect((await client.get('/api/v1/whoami')).status).toBe(401);
  });

  it('ends a session after the user inactivity timeout', async () => {
    const client = server.client();
    await client.login('admin@supplier.example');
    expect((await client.get('/api/v1/whoami')).status).toBe(200);
    const user = await server.db('users').where('email_address', 'admin@supplier.example').first('id');
    await server
      .db('sessions')
      .where('user_id', user.id)
      .update({ expires_at: Date.now() - 1 });
    expect((await client.get('/api/v1/whoami')).status).toBe(401);
  });

  it('refuses a wrong password and a disabled user alike', async () => {
    const wrong = await server.client().login('admin@reseller.example', 'wrong-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'login_failed', message_key: 'problem.login_failed' });
    const disabled = await server.db('users').where('disabled', true).first('email_address');
    expect(disabled).toBeDefined();
    expect((await server.client().login(disabled.email_address)).status).toBe(401);
  });

  it('slows down the client that made the failures, even with the right password afterwards', async () => {
    const client = server.client();
    for (let attempt = 0; attempt < FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt++) {
      expect((await client.login('buyer@eu-customer.example', `guess-${attempt}`)).status).toBe(401);
    }
    const blocked = await client.login('buyer@eu-customer.example');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'login_rate_limited' });
    // Once the failures are gone (as after their window), the right password gets in.
    await server.db('login_failures').delete();
    expect((await client.login('buyer@eu-customer.example')).status).toBe(200);
  });

  it('counts failures made side by side: a burst gets no more guesses than a sequence', async () => {
    const client = server.client();
    await client.get('/healthz');
    const burst = await Promise.all(Array.from({ length: 12 }, (_, attempt) => client.login('buyer@customer.example', `burst-${attempt}`)));
    const statuses = burst.map((response) => response.status);
    // However the attempts interleave, at most the allowed number reach the password check.
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeLessThanOrEqual(FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - checked);
    const limited = burst.find((response) => response.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const stored = await server.db('login_failures').where('email_address', 'buyer@customer.example').count({ n: '*' }).first();
    expect(Number(stored?.['n'])).toBe(checked);
  });

  it('hands out a new CSRF token at sign-in and sign-out', async () => {
    const client = server.client();
    await client.get('/healthz');
    const before = client.cookie('hub_csrf');
    expect((await client.login('buyer@customer.example')).status).toBe(200);
    const signedIn = client.cookie('hub_csrf');
    expect(signedIn).toBeTruthy();
    expect(signedIn).not.toBe(before);
    expect((await client.post('/api/v1/auth/logout')).status).toBeLessThan(300);
    expect(client.cookie('hub_csrf')).not.toBe(signedIn);
  });

  it('ends an emulation at /mask_user/end: the administrator gets a session of their own again', async () => {
    const client = server.client();
    expect((await client.login('buyer@customer.example')).status).toBe(200);
    const admin = (await server.db('users').where('email_address', 'admin@supplier.example').first('id', 'name')) as {
      id: number;
      name: string;
    };
    const emulatedToken = client.cookie('hub_session')!;
    // Starting an emulation is the users screen's; here the session is marked as one.
    await server
      .db('sessions')
      .update({ real_user_id: admin.id })
      .whereIn('user_id', server.db('users').where('email_address', 'buyer@customer.example').select('id'));
    expect((await client.get<{ real_id: number }>('/api/v1/whoami')).body.real_id).toBe(admin.id);
    const ended = await client.get('/mask_user/end');
    expect(ended.status).toBe(302);
    expect(ended.headers.get('location')).toBe('/backoffice/users');
    expect(client.cookie('hub_session')).not.toBe(emulatedToken);
    expect((await client.get('/api/v1/whoami')).body).toMatchObject({ id: admin.id, name: admin.name, real_id: null });
    // Not emulating: nothing to end, back to the store.
    const again = await client.get('/mask_user/end');
    expect(again.headers.get('location')).toBe('/webstore');
    expect((await client.get('/api/v1/whoami')).body).toMatchObject({ id: admin.id });
  });

  it('refuses state-changing calls without the CSRF header', async () => {
    const client = server.client();
    await client.get('/healthz');
    const response = await client.request('POST', '/api/v1/auth/login', {
      email_address: 'buyer@customer.example',
      password: 'demo-password',
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'csrf' });
    const forged = await client.request(
      'POST',
      '/api/v1/auth/login',
      { email_address: 'buyer@customer.example', password: 'demo-password' },
      { 'x-csrf-token': 'x'.repeat(32) },
    );
    expect(forged.status).toBe(403);
  });
});
