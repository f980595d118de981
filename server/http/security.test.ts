import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type AppOptions } from '../app';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { TestClient } from '../testing/testServer';

// Cookies, CSRF, caching and static files as a deployment needs them (issue 10, findings 4 and 6).

describe('cookies, CSRF and caching', () => {
  let database: TestDatabase;
  const servers: Server[] = [];
  const distDir = mkdtempSync(join(tmpdir(), 'hub-dist-'));

  /** The real app over the one test database, as a deployment with these options runs it. */
  async function app(options: AppOptions = {}): Promise<() => TestClient> {
    const origin = await listen(options);
    return () => new TestClient(origin);
  }

  async function listen(options: AppOptions): Promise<string> {
    const server: Server = await new Promise((resolve) => {
      const listening = createApp(database.db, { distDir, ...options }).listen(0, '127.0.0.1', () => resolve(listening));
    });
    servers.push(server);
    const { port } = server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  let development: () => TestClient;
  let production: () => TestClient;
  beforeAll(async () => {
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>hub</title>');
    writeFileSync(join(distDir, 'assets/app-1234.js'), 'console.log(1)');
    database = await createTestDatabase();
    development = await app();
    production = await app({ secureCookies: true });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await database.drop();
    rmSync(distDir, { recursive: true, force: true });
  });

  const cookieLine = (lines: string[], name: string) => lines.find((line) => line.startsWith(`${name}=`));

  it('over HTTPS (production) sets Secure, __Host- cookies for the whole site and sends HSTS', async () => {
    const client = production();
    const login = await client.login('buyer@customer.example');
    expect(login.status).toBe(200);
    const lines = login.headers.getSetCookie();
    const session = cookieLine(lines, '__Host-hub_session');
    const csrf = cookieLine(lines, '__Host-hub_csrf');
    for (const line of [session, csrf]) {
      expect(line).toMatch(/; secure/i);
      expect(line).toMatch(/; path=\/(;|$)/i);
      expect(line).toMatch(/; samesite=lax/i);
      expect(line).not.toMatch(/domain=/i);
    }
    expect(session).toMatch(/; httponly/i);
    expect(csrf).not.toMatch(/httponly/i);
    expect(login.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    // The plain names mean nothing there.
    expect(cookieLine(lines, 'hub_session')).toBeUndefined();
    expect((await client.get('/api/v1/whoami')).status).toBe(200);
    expect((await client.post('/api/v1/auth/logout')).status).toBe(204);
  });

  it('in development over plain HTTP keeps plain cookies and sends no HSTS', async () => {
    const client = development();
    const login = await client.login('buyer@customer.example');
    expect(cookieLine(login.headers.getSetCookie(), 'hub_session')).not.toMatch(/secure/i);
    expect(login.headers.get('strict-transport-security')).toBeNull();
  });

  it('binds the CSRF token to the session: another session’s token or a planted cookie is refused', async () => {
    const alice = development();
    const bob = development();
    await alice.login('buyer@customer.example');
    await bob.login('admin@reseller.example');
    const aliceToken = alice.csrfToken()!;
    expect(aliceToken).not.toBe(bob.csrfToken());
    // Bob's browser made to carry Alice's token, cookie and header alike: it is not Bob's session's.
    bob.setCookie('hub_csrf', aliceToken);
    const crossed = await bob.request('POST', '/api/v1/auth/logout', undefined, { 'x-csrf-token': aliceToken });
    expect(crossed.status).toBe(403);
    expect(crossed.body).toMatchObject({ code: 'csrf' });
    // A value an attacker chose for both, as a cookie-planting page would.
    const planted = 'A'.repeat(32);
    alice.setCookie('hub_csrf', planted);
    expect((await alice.request('POST', '/api/v1/auth/logout', undefined, { 'x-csrf-token': planted })).status).toBe(403);
    // The refusal handed out the session's own token again: the page's next attempt works.
    expect(alice.csrfToken()).toBe(aliceToken);
    expect((await alice.post('/api/v1/auth/logout')).status).toBe(204);
  });

  it('refuses a state-changing call a browser sends from another site’s page, whatever its token', async () => {
    const origin = await listen({});
    const client = new TestClient(origin);
    await client.login('buyer@customer.example');
    const token = client.csrfToken()!;
    const foreign = await client.request('POST', '/api/v1/auth/logout', undefined, {
      'x-csrf-token': token,
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: 'csrf' });
    expect((await client.request('POST', '/api/v1/auth/logout', undefined, { 'x-csrf-token': token, origin: 'null' })).status).toBe(403);
    // The portal's own pages send their own origin.
    expect((await client.request('POST', '/api/v1/auth/logout', undefined, { 'x-csrf-token': token, origin })).status).toBe(204);
  });

  it('marks every API answer no-store, its problems too, and leaves the hashed assets cacheable', async () => {
    const client = development();
    for (const path of ['/api/v1/vendors', '/api/v1/whoami', '/api/v1/no-such-thing']) {
      expect((await client.get(path)).headers.get('cache-control'), path).toBe('no-store');
    }
    const asset = await client.get('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('answers a missing asset with 404, not the SPA’s page; other paths still get the page', async () => {
    const client = development();
    const missing = await client.get('/assets/app-0000.js');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('<!doctype html>');
    const route = await client.get('/webstore/orders/6');
    expect(route.status).toBe(200);
    expect(route.text).toContain('<!doctype html>');
  });
});
