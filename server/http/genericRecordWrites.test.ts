import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogEntry, Feed, Organisation, User } from '../generated/types';
import { signInBackofficeCallers, type BackofficeCallers } from '../testing/backofficeCallers';
import { signedIn } from '../testing/testUsers';
import { startTestServer, type TestClient, type TestServer } from '../testing/testServer';

interface Problem {
  code: string;
  message_key: string;
}

// The spec's actions and deletes (generic action / delete): permission and scope, the record's
// state, never one's own, the audit entry, If-Match. Demo tree: seeds/demo/organisations.ts.
describe('record actions and deletes', () => {
  let server: TestServer;
  let callers: BackofficeCallers;
  let buyer: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    callers = await signInBackofficeCallers(server);
    buyer = callers.buyer;
  });
  afterAll(async () => {
    await server.close();
  });

  const lastAudit = async (client: TestClient, path: string) => (await client.get<AuditLogEntry[]>(`/api/v1${path}/audit_logs`)).body[0]!;

  describe('organisations: enable and disable (002 §2.3)', () => {
    it('disables an organisation of the tree and enables it again, audited as DISABLE and ENABLE', async () => {
      const { resellerAdmin } = callers;
      const disabled = await resellerAdmin.post<Organisation>('/api/v1/organisations/4/disable');
      expect(disabled.status).toBe(200);
      expect(disabled.body.status).toBe('DISABLED');
      const entry = await lastAudit(resellerAdmin, '/organisations/4');
      expect(entry).toMatchObject({ action: 'DISABLE', user: { name: 'Rita Reseller' } });
      expect(entry.field_changes.map(({ field, old_value, new_value }) => [field, old_value, new_value])).toEqual([
        ['status', 'ENABLED', 'DISABLED'],
      ]);
      // The EU customer's buyer is signed out with their organisation.
      const euBuyer = await signedIn(server, 'buyer@eu-customer.example').catch((error: unknown) => error);
      expect(euBuyer).toBeInstanceOf(Error);
      expect((await resellerAdmin.post<Organisation>('/api/v1/organisations/4/enable')).body.status).toBe('ENABLED');
      expect((await lastAudit(resellerAdmin, '/organisations/4')).action).toBe('ENABLE');
    });

    it('answers 409 invalid_state for an organisation already so, 403 own_record for one’s own, 404 outside the tree, 403 without organisation:modify', async () => {
      const { resellerAdmin, root, otherSales } = callers;
      const twice = await resellerAdmin.post<Problem>('/api/v1/organisations/3/enable');
      expect([twice.status, twice.body.code]).toEqual([409, 'invalid_state']);
      const own = await resellerAdmin.post<Problem>('/api/v1/organisations/2/disable');
      expect([own.status, own.body.code]).toEqual([403, 'own_record']);
      expect((await root.post('/api/v1/organisations/1/disable')).status).toBe(403);
      expect((await resellerAdmin.post('/api/v1/organisations/6/disable')).status).toBe(404);
      expect((await otherSales.post('/api/v1/organisations/6/disable')).status).toBe(403);
      expect((await server.db('organisations').where('id', 2).first('status')).status).toBe('ENABLED');
    });
  });

  describe('users: enable and disable (002 §2.5)', () => {
    it('disables a user of the tree (signing them out) and enables them again', async () => {
      const { resellerAdmin } = callers;
      const response = await resellerAdmin.post<User>('/api/v1/users/3/disable');
      expect([response.status, response.body.disabled]).toEqual([200, true]);
      expect((await buyer.get('/api/v1/whoami')).status).toBe(401);
      const entry = await lastAudit(resellerAdmin, '/users/3');
      expect(entry.field_changes.map(({ field, new_value }) => [field, new_value])).toEqual([['disabled', 'true']]);
      expect((await resellerAdmin.post<User>('/api/v1/users/3/enable')).body.disabled).toBe(false);
      buyer = await signedIn(server, 'buyer@customer.example');
    });

    it('refuses oneself (403 own_record), a user outside the tree (404) and a caller without user:admin (403)', async () => {
      const { resellerAdmin, otherSales } = callers;
      const own = await resellerAdmin.post<Problem>('/api/v1/users/2/disable');
      expect([own.status, own.body.code]).toEqual([403, 'own_record']);
      expect((await resellerAdmin.post('/api/v1/users/6/disable')).status).toBe(404);
      expect((await otherSales.post('/api/v1/users/6/disable')).status).toBe(403);
    });
  });

  describe('roles: delete (002 §2.7, §2.8)', () => {
    it('refuses a role users hold with 409 role_in_use, and deletes one nobody holds with its permissions', async () => {
      const { resellerAdmin } = callers;
      const held = await resellerAdmin.send<Problem>('DELETE', '/api/v1/roles/1');
      expect([held.status, held.body.code, held.body.message_key]).toEqual([409, 'role_in_use', 'problem.role_in_use']);
      const { body: role } = await resellerAdmin.post<{ id: number }>('/api/v1/roles/1/duplicate', {
        name: 'Spare buyer',
        organisation: 3,
      });
      expect(
        Number(((await server.db('role_permissions').where('role_id', role.id).count({ n: '*' }).first()) as { n: number }).n),
      ).toBeGreaterThan(0);
      expect((await resellerAdmin.send('DELETE', `/api/v1/roles/${role.id}`)).status).toBe(204);
      expect((await resellerAdmin.get(`/api/v1/roles/${role.id}`)).status).toBe(404);
      expect(await server.db('role_permissions').where('role_id', role.id).first()).toBeUndefined();
      const entry = (await server
        .db('audit_log_entries')
        .where({ entity_type: 'role', entity_id: role.id })
        .orderBy('id', 'desc')
        .first()) as { action: string };
      expect(entry.action).toBe('DELETE');
    });

    it('is for admins: others are refused with 403, roles outside the tree are 404', async () => {
      expect((await callers.otherSales.send('DELETE', '/api/v1/roles/2')).status).toBe(403);
      expect((await callers.resellerAdmin.send('DELETE', '/api/v1/roles/3')).status).toBe(404);
    });
  });

  describe('feeds: enable, disable, delete (002 §2.10, §4)', () => {
    it('toggles active, audited, and answers the feed with its new ETag', async () => {
      const { resellerAdmin } = callers;
      const read = await resellerAdmin.get<Feed>('/api/v1/feeds/2');
      const enabled = await resellerAdmin.request<Feed>('POST', '/api/v1/feeds/2/enable', undefined, {
        'x-csrf-token': resellerAdmin.cookie('hub_csrf')!,
        'if-match': read.headers.get('etag')!,
      });
      expect([enabled.status, enabled.body.active]).toEqual([200, true]);
      expect(enabled.headers.get('etag')).not.toBe(read.headers.get('etag'));
      // The tag read before the change is stale now.
      const stale = await resellerAdmin.request<Problem>('POST', '/api/v1/feeds/2/disable', undefined, {
        'x-csrf-token': resellerAdmin.cookie('hub_csrf')!,
        'if-match': read.headers.get('etag')!,
      });
      expect([stale.status, stale.body.code]).toEqual([412, 'stale_record']);
      expect((await resellerAdmin.post<Feed>('/api/v1/feeds/2/disable')).body.active).toBe(false);
      expect((await lastAudit(resellerAdmin, '/feeds/2')).action).toBe('DISABLE');
    });

    it('deletes a feed of the tree; one outside it is a 404 and a buyer is refused', async () => {
      const { resellerAdmin, root } = callers;
      expect((await buyer.send('DELETE', '/api/v1/feeds/1')).status).toBe(403);
      expect((await resellerAdmin.send('DELETE', '/api/v1/feeds/4')).status).toBe(404);
      expect((await resellerAdmin.send('DELETE', '/api/v1/feeds/1')).status).toBe(204);
      expect((await root.get('/api/v1/feeds/1')).status).toBe(404);
    });
  });

  describe('baskets: delete (000 §2.7)', () => {
    it('deletes a basket of the caller’s organisation with its lines, audited; another organisation’s is a 404', async () => {
      expect((await buyer.send('DELETE', '/api/v1/baskets/6')).status).toBe(404);
      expect((await buyer.send('DELETE', '/api/v1/baskets/1')).status).toBe(204);
      expect((await buyer.get('/api/v1/baskets/1')).status).toBe(404);
      expect(await server.db('basket_line_items').where('basket_id', 1).first()).toBeUndefined();
      const entry = (await server.db('audit_log_entries').where({ entity_type: 'basket', entity_id: 1 }).first()) as {
        action: string;
        user_id: number;
      };
      expect([entry.action, entry.user_id]).toEqual(['DELETE', 3]);
    });
  });
});
