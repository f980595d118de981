import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../generated/types';
import { signInBackofficeCallers, type BackofficeCallers } from '../../testing/backofficeCallers';
import { lastMailedToken } from '../../testing/mailedLinks';
import { startSmtpCatcher, unfoldedText, type SmtpCatcher } from '../../testing/smtpCatcher';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { writeVersionedRows } from '../../testing/versionedRows';
import { MAX_LINK_REQUESTS_PER_IP } from './links';

interface Problem {
  code: string;
}

const CUSTOMER = 3;
const PERCY = 8;
const GOOD_PASSWORD = 'a long walk on the beach';

let server: TestServer;
let callers: BackofficeCallers;
let smtp: SmtpCatcher;

beforeAll(async () => {
  server = await startTestServer();
  callers = await signInBackofficeCallers(server);
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await smtp.close();
  await server.close();
});

const invite = async (email: string, extra: Record<string, unknown> = {}) => {
  const response = await callers.resellerAdmin.post<User & Problem>('/api/v1/users', {
    name: 'Ivy Invited',
    email_address: email,
    organisation: CUSTOMER,
    ...extra,
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
};

describe('invitation (002 §2.6)', () => {
  it('creates the user UNVERIFIED with the eight notifications and e-mails a 72-hour link, kept only as a hash', async () => {
    const user = await invite('ivy@customer.example');
    expect(user).toMatchObject({ verified: false });
    const types = (await server.db('user_notifications').where('user_id', user.id).orderBy('type').pluck('type')) as string[];
    expect(types).toEqual([
      'buy_price_increased',
      'checkout_requested',
      'order_created',
      'order_requires_manual_auth',
      'order_status_changed',
      'quote_amended',
      'quote_created',
      'quote_expiry_warning',
    ]);
    // Delivered through a real SMTP server.
    await smtp.deliverFrom(server.db);
    const token = /\/set_password#([A-Za-z0-9_-]{43})/.exec(unfoldedText(smtp.latestTo('ivy@customer.example')!))![1]!;
    const stored = await server.db('user_tokens').where('user_id', user.id).first();
    expect(stored.purpose).toBe('INVITATION');
    expect(stored.token_hash).not.toContain(token);
    expect(Number(stored.expires_at) - Number(stored.created_at)).toBe(72 * 3600_000);
    const anon = server.client();
    expect((await anon.post('/api/v1/auth/link', { token })).body).toEqual({
      purpose: 'INVITATION',
      name: 'Ivy Invited',
      email_address: 'ivy@customer.example',
    });
    // Not a password yet: the invited user cannot sign in.
    expect((await anon.login('ivy@customer.example', GOOD_PASSWORD)).status).toBe(401);
  });

  it('refuses short and common passwords, then sets one: VERIFIED, single use', async () => {
    const user = await invite('ivan@customer.example');
    const token = await lastMailedToken(server.db, 'ivan@customer.example');
    const anon = server.client();
    expect((await anon.post<Problem>('/api/v1/auth/password', { token, password: 'short' })).body.code).toBe('password_too_short');
    expect((await anon.post<Problem>('/api/v1/auth/password', { token, password: 'Password1234' })).body.code).toBe('password_too_common');
    expect((await anon.post<Problem>('/api/v1/auth/password', { token, password: 'ivan@customer.example' })).body.code).toBe(
      'password_too_common',
    );
    // Any characters at all: no composition rules.
    expect((await anon.post('/api/v1/auth/password', { token, password: GOOD_PASSWORD })).status).toBe(204);
    expect((await callers.resellerAdmin.get<User>(`/api/v1/users/${user.id}`)).body.verified).toBe(true);
    expect((await anon.post<Problem>('/api/v1/auth/password', { token, password: 'another long password' })).body.code).toBe(
      'link_invalid',
    );
    expect((await anon.login('ivan@customer.example', GOOD_PASSWORD)).status).toBe(200);
  });

  it('uses a link once even when sent twice side by side', async () => {
    await invite('twice@customer.example');
    const token = await lastMailedToken(server.db, 'twice@customer.example');
    const anon = server.client();
    const answers = await Promise.all([
      anon.post('/api/v1/auth/password', { token, password: 'first long password' }),
      anon.post('/api/v1/auth/password', { token, password: 'second long password' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 400]);
  });

  it('refuses an expired link', async () => {
    await invite('late@customer.example');
    const token = await lastMailedToken(server.db, 'late@customer.example');
    await server.db('user_tokens').update({ expires_at: Date.now() - 1 });
    expect((await server.client().post<Problem>('/api/v1/auth/link', { token })).body.code).toBe('link_invalid');
  });

  it('resends: the new link works and the old one no longer does; not for a verified user', async () => {
    const user = await invite('resent@customer.example');
    const first = await lastMailedToken(server.db, 'resent@customer.example');
    expect((await callers.resellerAdmin.post(`/api/v1/users/${user.id}/invitation`)).status).toBe(200);
    const second = await lastMailedToken(server.db, 'resent@customer.example');
    expect(second).not.toBe(first);
    const anon = server.client();
    expect((await anon.post('/api/v1/auth/link', { token: first })).status).toBe(400);
    expect((await anon.post('/api/v1/auth/link', { token: second })).status).toBe(200);
    expect((await callers.resellerAdmin.post<Problem>('/api/v1/users/3/invitation')).body.code).toBe('invalid_state');
    // Outside the caller's tree: as if it did not exist.
    expect((await callers.resellerAdmin.post('/api/v1/users/6/invitation')).status).toBe(404);
  });

  it('limits the timeout to the organisation’s (002 §4)', async () => {
    await writeVersionedRows(server.db, (trx) => trx('organisations').where('id', CUSTOMER).update({ user_inactivity_timeout: 3600 }));
    const refused = await callers.resellerAdmin.post<Problem>('/api/v1/users', {
      name: 'Too Long',
      email_address: 'long@customer.example',
      organisation: CUSTOMER,
      timeout: 86400,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('timeout_above_organisation');
    expect(await server.db('users').where('email_address', 'long@customer.example').first()).toBeUndefined();
    expect(
      (
        await callers.resellerAdmin.send<Problem>('PUT', '/api/v1/users/7', {
          name: 'Uma',
          email_address: 'new.starter@customer.example',
          timeout: 7200,
        })
      ).body.code,
    ).toBe('timeout_above_organisation');
    expect(
      (
        await callers.resellerAdmin.send('PUT', '/api/v1/users/7', {
          name: 'Uma',
          email_address: 'new.starter@customer.example',
          timeout: 3600,
        })
      ).status,
    ).toBe(200);
    await writeVersionedRows(server.db, (trx) => trx('organisations').where('id', CUSTOMER).update({ user_inactivity_timeout: 86400 }));
  });
});

describe('password reset (002 §2.6)', () => {
  it('by an admin: PASSWORD_RESET, sessions end, the old password only leads to choosing a new one', async () => {
    const buyer = server.client();
    expect((await buyer.login('checkout@customer.example')).status).toBe(200);
    const id = Number((await server.db('users').where('email_address', 'checkout@customer.example').first('id')).id);
    const reset = await callers.resellerAdmin.post<User>(`/api/v1/users/${id}/reset_password`);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.password_reset).toBe(true);
    expect((await buyer.get('/api/v1/whoami')).status).toBe(401);
    const stored = await server.db('user_tokens').where({ user_id: id, purpose: 'PASSWORD_RESET' }).first();
    expect(Number(stored.expires_at) - Number(stored.created_at)).toBe(3600_000);
    const again = server.client();
    const login = await again.login('checkout@customer.example');
    expect(login.status).toBe(403);
    expect((login.body as Problem).code).toBe('password_change_required');
    // No session from the password alone.
    expect((await again.get('/api/v1/whoami')).status).toBe(401);
    expect((await again.post<Problem>('/api/v1/auth/login/password', { password: 'qwertyuiop123' })).body.code).toBe('password_too_common');
    const changed = await again.post('/api/v1/auth/login/password', { password: 'checkout at dawn 42' });
    expect(changed.status, changed.text).toBe(200);
    expect((await again.get('/api/v1/whoami')).status).toBe(200);
    expect((await callers.resellerAdmin.get<User>(`/api/v1/users/${id}`)).body.password_reset).toBe(false);
    // The reset link went with the change.
    expect(await server.db('user_tokens').where({ user_id: id }).first()).toBeUndefined();
  });

  it('never one’s own, and only by admins', async () => {
    expect((await callers.resellerAdmin.post<Problem>('/api/v1/users/2/reset_password')).body.code).toBe('own_record');
    expect((await callers.buyer.post('/api/v1/users/7/reset_password')).status).toBe(403);
  });

  it('forgot password: the same answer for any address; a link only for a user', async () => {
    const anon = server.client();
    await server.db('outbox_messages').delete();
    expect((await anon.post('/api/v1/auth/forgot_password', { email_address: 'nobody@nowhere.example' })).status).toBe(202);
    expect(await server.db('outbox_messages').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    const answer = await anon.post('/api/v1/auth/forgot_password', { email_address: 'Manager@Customer-Branch.example' });
    expect(answer.status).toBe(202);
    const token = await lastMailedToken(server.db, 'manager@customer-branch.example');
    expect((await anon.post('/api/v1/auth/password', { token, password: 'percy forgot it again' })).status).toBe(204);
    expect((await callers.root.get<User>(`/api/v1/users/${PERCY}`)).body.password_reset).toBe(false);
    expect((await server.client().login('manager@customer-branch.example', 'percy forgot it again')).status).toBe(200);
  });

  it('forgot password is limited per address', async () => {
    await server.db('link_requests').delete();
    const anon = server.client();
    for (let i = 0; i < 10; i++)
      expect((await anon.post('/api/v1/auth/forgot_password', { email_address: `x${i}@nowhere.example` })).status).toBe(202);
    const refused = await anon.post<Problem>('/api/v1/auth/forgot_password', { email_address: 'x@nowhere.example' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });

  it('forgot password: a burst from one address gets no more than the allowance', async () => {
    await server.db('link_requests').delete();
    const anon = server.client();
    await anon.get('/healthz');
    const burst = await Promise.all(
      Array.from({ length: 3 * MAX_LINK_REQUESTS_PER_IP }, (_, i) =>
        anon.post('/api/v1/auth/forgot_password', { email_address: `y${i}@nowhere.example` }),
      ),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(MAX_LINK_REQUESTS_PER_IP);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * MAX_LINK_REQUESTS_PER_IP);
    expect(Number((await server.db('link_requests').count({ n: '*' }).first())?.['n'])).toBe(MAX_LINK_REQUESTS_PER_IP);
  });
});

describe('roles, notifications and the e-mail check (002 §2.6, §4, §5)', () => {
  it('sets another user’s roles from their organisation’s non-template roles, never one’s own', async () => {
    const set = await callers.resellerAdmin.send<{ role: { id: number } }[]>('PUT', '/api/v1/users/3/roles', { roles: [1, 5] });
    expect(set.status, set.text).toBe(200);
    expect(set.body.map((row) => row.role.id).sort()).toEqual([1, 5]);
    expect((await callers.resellerAdmin.send<Problem>('PUT', '/api/v1/users/3/roles', { roles: [4] })).body.code).toBe('role_not_offered');
    expect((await callers.resellerAdmin.send<Problem>('PUT', '/api/v1/users/3/roles', { roles: [2] })).body.code).toBe('role_not_offered');
    expect((await callers.resellerAdmin.send<Problem>('PUT', '/api/v1/users/2/roles', { roles: [] })).body.code).toBe(
      'cannot_edit_own_roles',
    );
    const cleared = await callers.resellerAdmin.send<unknown[]>('PUT', '/api/v1/users/3/roles', { roles: [5] });
    expect(cleared.body).toHaveLength(1);
    const audit =
      await callers.resellerAdmin.get<{ field_changes: { field: string; old_value: string | null; new_value: string | null }[] }[]>(
        '/api/v1/users/3/audit_logs',
      );
    expect(audit.body.flatMap((entry) => entry.field_changes)).toContainEqual(
      expect.objectContaining({ field: 'roles', old_value: 'Buyer', new_value: null }),
    );
    await callers.resellerAdmin.send('PUT', '/api/v1/users/3/roles', { roles: [1] });
  });

  it('sets another user’s notifications, never one’s own', async () => {
    const set = await callers.resellerAdmin.send<{ type: string }[]>('PUT', '/api/v1/users/7/notifications', {
      types: ['order_created', 'quote_created'],
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.map((row) => row.type)).toEqual(['order_created', 'quote_created']);
    expect((await callers.resellerAdmin.send<Problem>('PUT', '/api/v1/users/2/notifications', { types: [] })).body.code).toBe(
      'cannot_edit_own_notifications',
    );
    expect((await callers.resellerAdmin.send('PUT', '/api/v1/users/7/notifications', { types: ['nonsense'] })).status).toBe(400);
  });

  it('checks an e-mail address before save', async () => {
    const check = async (query: string) =>
      (await callers.resellerAdmin.get<{ valid: boolean }>(`/api/v1/lookup/check_email?${query}`)).body.valid;
    expect(await check('email=fresh%40customer.example')).toBe(true);
    expect(await check('email=BUYER%40customer.example')).toBe(false);
    expect(await check('email=buyer%40customer.example&id=3')).toBe(true);
    expect(await check('email=not-an-address')).toBe(false);
    expect(await check('email=a%40b.c')).toBe(false);
    expect((await callers.buyer.get('/api/v1/lookup/check_email?email=x%40y.example')).status).toBe(403);
  });
});
