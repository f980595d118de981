import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../generated/types';
import { startTestServer, type TestServer } from '../../testing/testServer';

const BUYER = 'buyer@customer.example';
const OTHER = 'buyer@eu-customer.example';

interface Problem {
  status: number;
  code: string;
  message_key: string;
}

/** The header's language switch: PUT /whoami/language sets the caller's own user_language. */
describe('PUT /whoami/language', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const languageOf = async (email: string) =>
    ((await server.db('users').where('email_address', email).first('user_language')) as { user_language: string }).user_language;

  it('refuses a caller who is not signed in', async () => {
    const response = await server.client().send<Problem>('PUT', '/api/v1/whoami/language', { user_language: 'de' });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'unauthenticated', message_key: 'problem.unauthenticated' });
  });

  it("saves the signed-in user's language, answers the current user, and whoami keeps it", async () => {
    const client = server.client();
    await client.login(BUYER);
    const changed = await client.send<CurrentUser>('PUT', '/api/v1/whoami/language', { user_language: 'de' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email_address: BUYER, user_language: 'de', real_id: null });
    expect((await client.get<CurrentUser>('/api/v1/whoami')).body.user_language).toBe('de');
    expect(await languageOf(BUYER)).toBe('de');
    // A new session (signing in again elsewhere) starts in the saved language.
    const elsewhere = server.client();
    expect(((await elsewhere.login(BUYER)).body as CurrentUser).user_language).toBe('de');
    // Every locale of the catalogue is accepted; back to English.
    for (const language of ['es', 'fr', 'it', 'nl', 'en']) {
      expect((await client.send<CurrentUser>('PUT', '/api/v1/whoami/language', { user_language: language })).body.user_language).toBe(
        language,
      );
    }
    expect(await languageOf(BUYER)).toBe('en');
  });

  it('is written through the audited write path: an UPDATE of the user with the old and new language', async () => {
    const client = server.client();
    await client.login(BUYER);
    const { id } = (await server.db('users').where('email_address', BUYER).first('id')) as { id: number };
    await client.send('PUT', '/api/v1/whoami/language', { user_language: 'fr' });
    const change = await server
      .db('audit_log_entries as e')
      .join('audit_field_changes as c', 'c.entry_id', 'e.id')
      .where({ 'e.entity_type': 'user', 'e.entity_id': id, 'c.field': 'user_language' })
      .orderBy('e.id', 'desc')
      .first('e.action', 'e.user_id', 'c.old_value', 'c.new_value');
    expect(change).toMatchObject({ action: 'UPDATE', user_id: id, old_value: 'en', new_value: 'fr' });
    await client.send('PUT', '/api/v1/whoami/language', { user_language: 'en' });
  });

  it('changes no one else', async () => {
    const client = server.client();
    await client.login(BUYER);
    const before = await languageOf(OTHER);
    // The body names no user: trying to is an unknown property.
    const aimed = await client.send<Problem>('PUT', '/api/v1/whoami/language', { user_language: 'nl', email_address: OTHER });
    expect(aimed.status).toBe(400);
    await client.send('PUT', '/api/v1/whoami/language', { user_language: 'nl' });
    expect(await languageOf(OTHER)).toBe(before);
    await client.send('PUT', '/api/v1/whoami/language', { user_language: 'en' });
  });

  it.each([
    ['a language that is not a locale', { user_language: 'pt' }],
    ['no language', {}],
    ['a language that is not text', { user_language: 7 }],
  ])('answers 400 problem+json for %s, changing nothing', async (_name, body) => {
    const client = server.client();
    await client.login(BUYER);
    const response = await client.send<Problem>('PUT', '/api/v1/whoami/language', body);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body.message_key).toBe(`problem.${response.body.code}`);
    expect(await languageOf(BUYER)).toBe('en');
  });

  it('refuses the change without the CSRF header', async () => {
    const client = server.client();
    await client.login(BUYER);
    const response = await client.request('PUT', '/api/v1/whoami/language', { user_language: 'de' });
    expect(response.status).toBe(403);
    expect(await languageOf(BUYER)).toBe('en');
  });

  it('while emulating, sets the language of the user being emulated, not of the administrator', async () => {
    const client = server.client();
    await client.login(OTHER);
    const admin = (await server.db('users').where('email_address', 'admin@supplier.example').first('id')) as { id: number };
    // Starting an emulation is the users screen's; here the session is marked as one.
    await server
      .db('sessions')
      .update({ real_user_id: admin.id })
      .whereIn('user_id', server.db('users').where('email_address', OTHER).select('id'));
    const changed = await client.send<CurrentUser>('PUT', '/api/v1/whoami/language', { user_language: 'it' });
    expect(changed.body).toMatchObject({ email_address: OTHER, user_language: 'it', real_id: admin.id });
    expect(await languageOf(OTHER)).toBe('it');
    expect(await languageOf('admin@supplier.example')).toBe('en');
  });
});
