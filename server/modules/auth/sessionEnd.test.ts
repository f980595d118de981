import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { BUYER, RESELLER_ADMIN, ROOT_ADMIN, signedIn } from '../../testing/testUsers';
import { writeVersionedRows } from '../../testing/versionedRows';

interface Me {
  id: number;
  real_id: number | null;
}

/**
 * Issue 22 item 2: a session ends at once when its real user (the administrator behind an
 * emulation) or its emulated user is disabled, or when either one's organisation is, whoever
 * disabled them and whatever the session-user cache holds; /mask_user/end on such a session
 * hands back no working session.
 */
describe('sessions end with their users and organisations', () => {
  let server: TestServer;
  let root: TestClient;
  const idOf = async (email: string) => Number(((await server.db('users').where('email_address', email).first('id')) as { id: number }).id);
  const orgOf = async (email: string) =>
    Number(
      ((await server.db('users').where('email_address', email).first('organisation_id')) as { organisation_id: number }).organisation_id,
    );

  /** The reseller admin emulating the buyer, with a request served (so the session user is cached). */
  async function emulation(): Promise<TestClient> {
    const admin = await signedIn(server, RESELLER_ADMIN);
    expect((await admin.post(`/api/v1/users/${await idOf(BUYER)}/emulation`, { reason: "Checking the buyer's session" })).status).toBe(200);
    expect((await admin.get<Me>('/api/v1/whoami')).body).toMatchObject({ id: await idOf(BUYER), real_id: await idOf(RESELLER_ADMIN) });
    return admin;
  }

  async function expectEnded(session: TestClient): Promise<void> {
    expect((await session.get('/api/v1/whoami')).status).toBe(401);
    expect((await session.send('PUT', '/api/v1/whoami/language', { user_language: 'fr' })).status).toBe(401);
    // The stop link on an ended session leads to sign-in, and hands back no working session.
    const end = await session.get('/mask_user/end');
    expect(end.status).toBe(302);
    expect(end.headers.get('location')).toBe('/login');
    expect((await session.get('/api/v1/whoami')).status).toBe(401);
  }

  beforeAll(async () => {
    server = await startTestServer();
    root = await signedIn(server, ROOT_ADMIN);
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    // Everyone enabled again after a test that disabled someone.
    const organisations = [await orgOf(RESELLER_ADMIN), await orgOf(BUYER)];
    await writeVersionedRows(server.db, async (trx) => {
      await trx('users').whereIn('email_address', [RESELLER_ADMIN, BUYER]).update({ disabled: false });
      await trx('organisations').whereIn('id', organisations).update({ status: 'ENABLED' });
    });
  });

  it('disabling the administrator (POST /users/{id}/disable) ends their emulation session at once', async () => {
    const emulating = await emulation();
    const own = await signedIn(server, RESELLER_ADMIN);
    expect((await root.post(`/api/v1/users/${await idOf(RESELLER_ADMIN)}/disable`, {})).status).toBe(200);
    await expectEnded(emulating);
    expect((await own.get('/api/v1/whoami')).status).toBe(401);
    // The emulated buyer's own sessions are theirs and carry on.
    const buyer = await signedIn(server, BUYER);
    expect((await buyer.get('/api/v1/whoami')).status).toBe(200);
  });

  it("disabling the administrator's organisation ends their emulation session at once", async () => {
    const emulating = await emulation();
    expect((await root.post(`/api/v1/organisations/${await orgOf(RESELLER_ADMIN)}/disable`, {})).status).toBe(200);
    await expectEnded(emulating);
  });

  it("disabling the emulated user, or the emulated user's organisation, ends the emulation session", async () => {
    const first = await emulation();
    expect((await root.post(`/api/v1/users/${await idOf(BUYER)}/disable`, {})).status).toBe(200);
    expect((await first.get('/api/v1/whoami')).status).toBe(401);
    expect((await root.post(`/api/v1/users/${await idOf(BUYER)}/enable`, {})).status).toBe(200);

    const second = await emulation();
    expect((await root.post(`/api/v1/organisations/${await orgOf(BUYER)}/disable`, {})).status).toBe(200);
    expect((await second.get('/api/v1/whoami')).status).toBe(401);
  });

  it('a session ended by a disable stays ended once the user is enabled again', async () => {
    const emulating = await emulation();
    expect((await root.post(`/api/v1/users/${await idOf(RESELLER_ADMIN)}/disable`, {})).status).toBe(200);
    expect((await root.post(`/api/v1/users/${await idOf(RESELLER_ADMIN)}/enable`, {})).status).toBe(200);
    expect((await emulating.get('/api/v1/whoami')).status).toBe(401);
    expect(
      await server
        .db('sessions')
        .where('real_user_id', await idOf(RESELLER_ADMIN))
        .first(),
    ).toBeUndefined();
  });

  it('/mask_user/end on a live emulation still gives the administrator their own session', async () => {
    const emulating = await emulation();
    const end = await emulating.get('/mask_user/end');
    expect(end.headers.get('location')).toBe('/backoffice/users');
    expect((await emulating.get<Me>('/api/v1/whoami')).body).toMatchObject({ id: await idOf(RESELLER_ADMIN), real_id: null });
  });

  it("an answer to a request that left with the session an emulation replaced leaves the new session's cookie alone", async () => {
    const admin = await signedIn(server, RESELLER_ADMIN);
    const replaced = admin.cookie('hub_session')!;
    expect((await admin.post(`/api/v1/users/${await idOf(BUYER)}/emulation`, { reason: 'Checking a late answer' })).status).toBe(200);
    // The same browser's page had a request in flight with the old cookie; it is answered after the emulation's.
    const late = server.client();
    late.setCookie('hub_session', replaced);
    const answer = await late.get('/api/v1/whoami');
    expect(answer.status).toBe(401);
    // A clearing Set-Cookie here would delete the emulation's cookie in the browser, signing the administrator out.
    expect(answer.headers.getSetCookie().filter((line) => line.startsWith('hub_session='))).toEqual([]);
    expect((await admin.get<Me>('/api/v1/whoami')).body).toMatchObject({ id: await idOf(BUYER), real_id: await idOf(RESELLER_ADMIN) });
  });
});
