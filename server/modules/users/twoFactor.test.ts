import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../generated/types';
import { DEMO_TOTP_SECRET } from '../../../seeds/demo/backoffice';
import { isSealed } from '../../db/secrets';
import { signInBackofficeCallers, type BackofficeCallers } from '../../testing/backofficeCallers';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { writeVersionedRows } from '../../testing/versionedRows';
import { totpStep } from './totp';

interface Problem {
  code: string;
}

// RFC 6238 appendix B: the ASCII secret "12345678901234567890", SHA-1, T = 59 s → 94287082 (8 digits).
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
// A fixed clock for everything below: the server runs in this process, so it reads it too.
const T0 = Date.parse('2026-11-28T08:00:00Z');
const TARA = 'security@reseller.example';
const TARA_ID = 9;

const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

describe('TOTP (RFC 6238)', () => {
  it('accepts the RFC’s test vector at its time, within a step of drift, and not after a later step', async () => {
    expect(await totpStep(RFC_SECRET, '287082', 59_000, null)).toBe(1);
    expect(await totpStep(RFC_SECRET, '287082', 59_000 + 30_000, null)).toBe(1);
    expect(await totpStep(RFC_SECRET, '287082', 59_000 + 90_000, null)).toBeUndefined();
    expect(await totpStep(RFC_SECRET, '287082', 59_000, 1)).toBeUndefined();
    expect(await totpStep(RFC_SECRET, '28708', 59_000, null)).toBeUndefined();
  });
});

describe('two-factor sign-in', () => {
  let server: TestServer;
  let callers: BackofficeCallers;

  beforeAll(async () => {
    server = await startTestServer();
    callers = await signInBackofficeCallers(server);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.setSystemTime(new Date(Date.now() + 120_000)));
  afterAll(async () => {
    vi.useRealTimers();
    await server.close();
  });

  it('asks an enrolled user for a code: the password alone yields no session', async () => {
    const client = server.client();
    const first = await client.login(TARA);
    expect(first.status).toBe(401);
    expect((first.body as Problem).code).toBe('two_factor_required');
    expect((await client.get('/api/v1/whoami')).status).toBe(401);
    expect((await client.post<Problem>('/api/v1/auth/login/code', { code: '000000' })).body.code).toBe('code_failed');
    const signedIn = await client.post<{ email_address: string }>('/api/v1/auth/login/code', {
      code: await codeAt(DEMO_TOTP_SECRET, Date.now()),
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.email_address).toBe(TARA);
    expect((await client.get('/api/v1/whoami')).status).toBe(200);
  });

  it('accepts a code once, and not without the password step', async () => {
    const code = await codeAt(DEMO_TOTP_SECRET, Date.now());
    const first = server.client();
    await first.login(TARA);
    expect((await first.post('/api/v1/auth/login/code', { code })).status).toBe(200);
    const second = server.client();
    await second.login(TARA);
    expect((await second.post<Problem>('/api/v1/auth/login/code', { code })).body.code).toBe('code_failed');
    expect((await server.client().post<Problem>('/api/v1/auth/login/code', { code })).body.code).toBe('login_challenge_expired');
  });

  it('throttles codes as passwords: past the free failures a right code waits too', async () => {
    await server.db('login_failures').delete();
    const client = server.client();
    await client.login(TARA);
    for (let i = 0; i < 5; i++) expect((await client.post('/api/v1/auth/login/code', { code: '111111' })).status).toBe(401);
    const throttled = await client.post<Problem>('/api/v1/auth/login/code', { code: await codeAt(DEMO_TOTP_SECRET, Date.now()) });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBeTruthy();
    // Signing in with the password again buys no fresh tries.
    await client.login(TARA);
    expect((await client.post('/api/v1/auth/login/code', { code: '222222' })).status).toBe(429);
    await server.db('login_failures').delete();
  });

  it('enrols from the user’s own page: sealed secret, a QR code, confirmed by a code, ten single-use recovery codes', async () => {
    const bob = callers.buyer;
    const start = await bob.post<{ secret: string; otpauth_uri: string; qr_code: string }>('/api/v1/whoami/2fa');
    expect(start.status, start.text).toBe(200);
    expect(start.body.otpauth_uri).toContain(`secret=${start.body.secret}`);
    expect(start.body.qr_code).toMatch(/^data:image\/png;base64,/);
    const stored = await server.db('user_totps').where('user_id', 3).first();
    expect(isSealed(stored.secret)).toBe(true);
    expect(stored.secret).not.toContain(start.body.secret);
    expect((await bob.post<Problem>('/api/v1/whoami/2fa/confirm', { code: '123456' })).body.code).toBe('code_failed');
    const confirmed = await bob.post<{ recovery_codes: string[] }>('/api/v1/whoami/2fa/confirm', {
      code: await codeAt(start.body.secret, Date.now()),
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(new Set(confirmed.body.recovery_codes).size).toBe(10);
    const hashes = (await server.db('user_recovery_codes').where('user_id', 3).pluck('code_hash')) as string[];
    expect(hashes).toHaveLength(10);
    expect(hashes).not.toContain(confirmed.body.recovery_codes[0]);
    expect((await bob.post<Problem>('/api/v1/whoami/2fa')).body.code).toBe('two_factor_enrolled');
    expect((await bob.get<{ enabled: boolean }>('/api/v1/whoami/2fa')).body).toEqual({ enabled: true });
    expect((await callers.resellerAdmin.get<{ enabled: boolean }>('/api/v1/whoami/2fa')).body).toEqual({ enabled: false });
    // A recovery code signs in once, in any case and without its dashes.
    const recovery = confirmed.body.recovery_codes[0]!;
    const client = server.client();
    await client.login('buyer@customer.example');
    expect((await client.post('/api/v1/auth/login/code', { code: recovery.toLowerCase().replace(/-/g, '') })).status).toBe(200);
    const again = server.client();
    await again.login('buyer@customer.example');
    expect((await again.post('/api/v1/auth/login/code', { code: recovery })).status).toBe(401);
  });

  it('lets root admins reset another user’s 2FA (tfa_diasabled_success), nobody else', async () => {
    expect((await callers.resellerAdmin.send('PUT', '/api/v1/users/3/2fa/disable')).status).toBe(403);
    const reset = await callers.root.send<User>('PUT', '/api/v1/users/3/2fa/disable');
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.two_factor).toBe(false);
    expect(await server.db('user_totps').where('user_id', 3).first()).toBeUndefined();
    expect(await server.db('user_recovery_codes').where('user_id', 3).first()).toBeUndefined();
    expect((await callers.root.send<Problem>('PUT', '/api/v1/users/3/2fa/disable')).body.code).toBe('invalid_state');
    expect((await callers.root.send<Problem>('PUT', '/api/v1/users/1/2fa/disable')).body.code).toBe('own_record');
    expect((await server.client().login('buyer@customer.example')).status).toBe(200);
  });

  it('holds a user of an organisation requiring 2FA to enrolment until they enrol', async () => {
    const require = await callers.root.post<{ require_two_factor: boolean }>('/api/v1/organisations/3/require_2fa');
    expect(require.status, require.text).toBe(200);
    const bob: TestClient = server.client();
    expect((await bob.login('buyer@customer.example')).status).toBe(200);
    const whoami = await bob.get<{ two_factor_enrolment_required?: boolean }>('/api/v1/whoami');
    expect(whoami.body.two_factor_enrolment_required).toBe(true);
    expect((await bob.get<Problem>('/api/v1/orders')).body.code).toBe('two_factor_enrolment_required');
    const start = await bob.post<{ secret: string }>('/api/v1/whoami/2fa');
    expect((await bob.post('/api/v1/whoami/2fa/confirm', { code: await codeAt(start.body.secret, Date.now()) })).status).toBe(200);
    expect((await bob.get('/api/v1/orders')).status).toBe(200);
    await callers.root.post('/api/v1/organisations/3/allow_without_2fa');
    await writeVersionedRows(server.db, (trx) => trx('users').where('id', 3).update({ two_factor: false }));
    await server.db('user_totps').where('user_id', 3).delete();
  });

  it('never enrols for a user being emulated', async () => {
    const admin = server.client();
    await admin.login('admin@reseller.example');
    expect((await admin.post('/api/v1/users/3/emulation', { reason: 'Checking two-factor enrolment' })).status).toBe(200);
    expect((await admin.post<Problem>('/api/v1/whoami/2fa')).body.code).toBe('not_while_emulating');
    expect(TARA_ID).toBe(9);
  });
});
