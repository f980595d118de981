import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { BUYER, EU_BUYER, RESELLER_ADMIN, ROOT_ADMIN, signedIn } from '../../testing/testUsers';
import { writeVersionedRows } from '../../testing/versionedRows';

interface Me {
  id: number;
  email_address: string;
  real_id: number | null;
  real_name: string | null;
}

describe('POST /users/{id}/emulation (002 §4 Emulation)', () => {
  let server: TestServer;
  const idOf = async (email: string) => Number(((await server.db('users').where('email_address', email).first('id')) as { id: number }).id);

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('lets an admin act as a user of their tree in a new session, audited, and ends back as the admin', async () => {
    const admin = await signedIn(server, RESELLER_ADMIN);
    const adminId = await idOf(RESELLER_ADMIN);
    const buyerId = await idOf(BUYER);
    const before = admin.cookie('hub_session');

    const started = await admin.post<Me>(`/api/v1/users/${buyerId}/emulation`, {
      reason: '  Ticket 4711: the buyer cannot see their basket  ',
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ id: buyerId, email_address: BUYER, real_id: adminId });
    expect(admin.cookie('hub_session')).not.toBe(before);
    const adminName = ((await server.db('users').where('id', adminId).first('name')) as { name: string }).name;
    expect((await admin.get<Me>('/api/v1/whoami')).body).toMatchObject({ id: buyerId, real_id: adminId, real_name: adminName });

    // The administrator's own session ended with the switch: the old cookie signs nobody in.
    const stale = server.client();
    stale.setCookie('hub_session', before ?? '');
    expect((await stale.get('/api/v1/whoami')).status).toBe(401);

    const entry = (await server
      .db('audit_log_entries')
      .where({ entity_type: 'user', entity_id: buyerId, action: 'EMULATE' })
      .orderBy('id', 'desc')
      .first()) as { id: number };
    expect(entry).toMatchObject({ user_id: adminId, on_behalf_id: null });
    // The reason the administrator stated, trimmed, is the entry's one change.
    expect(await server.db('audit_field_changes').where('entry_id', entry.id).select('field', 'old_value', 'new_value')).toEqual([
      { field: 'emulation_reason', old_value: null, new_value: 'Ticket 4711: the buyer cannot see their basket' },
    ]);
    expect(
      await server
        .db('user_actions')
        .where({ user_id: adminId, action: 'EMULATE', on: `user ${buyerId}` })
        .first(),
    ).toBeDefined();

    const ended = await admin.get('/mask_user/end');
    expect(ended.status).toBe(302);
    expect((await admin.get<Me>('/api/v1/whoami')).body).toMatchObject({ id: adminId, real_id: null });
  });

  it('refuses a second emulation while one runs (409 already_emulating), and the session stays as it was', async () => {
    const admin = await signedIn(server, ROOT_ADMIN);
    expect((await admin.post(`/api/v1/users/${await idOf(RESELLER_ADMIN)}/emulation`, { reason: 'Support call' })).status).toBe(200);
    const again = await admin.post(`/api/v1/users/${await idOf(BUYER)}/emulation`, { reason: 'Support call' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'already_emulating', message_key: 'problem.already_emulating' });
    expect((await admin.get<Me>('/api/v1/whoami')).body).toMatchObject({ email_address: RESELLER_ADMIN, real_id: await idOf(ROOT_ADMIN) });
  });

  it('refuses oneself (403 own_record), a disabled user (409 user_not_active) and a user outside the tree (404)', async () => {
    const admin = await signedIn(server, RESELLER_ADMIN);
    const emulations = () => server.db('audit_log_entries').where({ action: 'EMULATE', user_id: adminId }).select('id');
    const adminId = await idOf(RESELLER_ADMIN);
    const auditedBefore = (await emulations()).length;
    const self = await admin.post(`/api/v1/users/${await idOf(RESELLER_ADMIN)}/emulation`, { reason: 'Support call' });
    expect(self.status).toBe(403);
    expect(self.body).toMatchObject({ code: 'own_record' });

    const euBuyer = await idOf(EU_BUYER);
    await writeVersionedRows(server.db, (trx) => trx('users').where('id', euBuyer).update({ disabled: true }));
    try {
      const disabled = await admin.post(`/api/v1/users/${euBuyer}/emulation`, { reason: 'Support call' });
      expect(disabled.status).toBe(409);
      expect(disabled.body).toMatchObject({ code: 'user_not_active', message_key: 'problem.user_not_active' });
    } finally {
      await writeVersionedRows(server.db, (trx) => trx('users').where('id', euBuyer).update({ disabled: false }));
    }

    const outside = await admin.post(`/api/v1/users/${await idOf(ROOT_ADMIN)}/emulation`, { reason: 'Support call' });
    expect(outside.status).toBe(404);
    expect((await admin.get<Me>('/api/v1/whoami')).body).toMatchObject({ email_address: RESELLER_ADMIN, real_id: null });
    // A refusal writes nothing to the audit log.
    expect((await emulations()).length).toBe(auditedBefore);
  });

  it('refuses a start without a reason (400 invalid_body naming reason): nothing audited, the session unchanged', async () => {
    const admin = await signedIn(server, RESELLER_ADMIN);
    const adminId = await idOf(RESELLER_ADMIN);
    const buyerId = await idOf(BUYER);
    const emulations = async () =>
      (await server.db('audit_log_entries').where({ action: 'EMULATE', user_id: adminId }).select('id')).length;
    const before = await emulations();
    const session = admin.cookie('hub_session');
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: null }, { reason: 'x'.repeat(201) }]) {
      const refused = await admin.post(`/api/v1/users/${buyerId}/emulation`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(refused.body).toMatchObject({ code: 'invalid_body', message_key: 'problem.invalid_body', parameter: 'reason' });
    }
    expect(await emulations()).toBe(before);
    expect(admin.cookie('hub_session')).toBe(session);
    expect((await admin.get<Me>('/api/v1/whoami')).body).toMatchObject({ email_address: RESELLER_ADMIN, real_id: null });
    // 200 characters is the most a reason holds.
    expect((await admin.post(`/api/v1/users/${buyerId}/emulation`, { reason: 'x'.repeat(200) })).status).toBe(200);
  });

  it('is for admins only: a buyer is refused (403) and stays themselves', async () => {
    const buyer = await signedIn(server, BUYER);
    const refused = await buyer.post(`/api/v1/users/${await idOf(EU_BUYER)}/emulation`, { reason: 'Support call' });
    expect(refused.status).toBe(403);
    expect((await buyer.get<Me>('/api/v1/whoami')).body).toMatchObject({ email_address: BUYER, real_id: null });
  });
});
