import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { hashPassword, verifyPassword } from './passwords';
import { MAX_FAILURES_PER_EMAIL } from './loginThrottle';

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

  it('answers whoami with 401 problem+json when signed out', async () => {
    const response = await server.client().get('/api/v1/whoami');
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body).toMatchObject({ status: 401, code: 'unauthenticated', message_key: 'problem.unauthenticated' });
  });

  it('signs in with an HttpOnly SameSite=Lax cookie and returns the current user', async () => {
    const client = server.client();
    await client.get('/healthz');
    const response = await client.request('POST', '/api/v1/auth/login', { email_address: 'buyer@customer.example', password: 'demo-password' }, { 'x-csrf-token': client.cookie('hub_csrf') ?? '' });
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith('hub_session='));
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/samesite=lax/i);
    expect(response.body).toMatchObject({ email_address: 'buyer@customer.example', admin: false, root: false, currency: 'GBP', real_id: null });
    const whoami = await client.get<{ permissions: { permission: string; parent: boolean }[]; organisation: { finance_type: string; parent: number | null } }>('/api/v1/whoami');
    expect(whoami.status).toBe(200);
    const names = whoami.body.permissions.map((entry) => entry.permission);
    for (const name of ['order:view', 'order:view_draft', 'order:modify_draft', 'order:checkout', 'quote:accept']) expect(names).toContain(name);
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
    expect((await client.post('/api/v1/auth/logout')).status).toBe(204);
    expect((await client.get('/api/v1/whoami')).status).toBe(401);
  });

  it('ends a session after the user inactivity timeout', async () => {
    const client = server.client();
    await client.login('admin@supplier.example');
    expect((await client.get('/api/v1/whoami')).status).toBe(200);
    const user = await server.db('users').where('email_address', 'admin@supplier.example').first('id');
    await server.db('sessions').where('user_id', user.id).update({ expires_at: Date.now() - 1 });
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

  it('rate-limits repeated failures for one address, even with the right password afterwards', async () => {
    const client = server.client();
    for (let attempt = 0; attempt < MAX_FAILURES_PER_EMAIL; attempt++) {
      expect((await client.login('buyer@eu-customer.example', `guess-${attempt}`)).status).toBe(401);
    }
    const blocked = await client.login('buyer@eu-customer.example');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'login_rate_limited' });
    await server.db('login_failures').delete();
    expect((await client.login('buyer@eu-customer.example')).status).toBe(200);
  });

  it('refuses state-changing calls without the CSRF header', async () => {
    const client = server.client();
    await client.get('/healthz');
    const response = await client.request('POST', '/api/v1/auth/login', { email_address: 'buyer@customer.example', password: 'demo-password' });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'csrf' });
    const forged = await client.request('POST', '/api/v1/auth/login', { email_address: 'buyer@customer.example', password: 'demo-password' }, { 'x-csrf-token': 'x'.repeat(32) });
    expect(forged.status).toBe(403);
  });
});
