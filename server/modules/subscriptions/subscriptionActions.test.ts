import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Subscription } from '../../generated/types';
import { SYSTEM_ACTOR } from '../audit/auditTrail';
import { inTransaction } from '../../writes/records';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';

/** Demo subscriptions: 15 PENDING ZOOM (buyer's), 9 ACTIVE ZOOM with a pending change (EU), 3 PENDING ACRONIS, 2 ACTIVE DROPBOX. */
const PENDING_ZOOM = 15;
const CHANGED_ZOOM = 9;
const PENDING_ACRONIS = 3;
const ACTIVE_DROPBOX = 2;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('subscription actions (001 §4, §5, §6)', () => {
  let server: TestServer;
  let root: TestClient;
  let staff: TestClient;
  let resellerAdmin: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    root = server.client();
    staff = server.client();
    resellerAdmin = server.client();
    await root.login('admin@supplier.example');
    await staff.login('staff@supplier.example');
    await resellerAdmin.login('admin@reseller.example');
  });
  afterAll(async () => {
    await server.close();
  });
  /** Each test starts from the demo's states. */
  beforeEach(async () => {
    await inTransaction(server.db, SYSTEM_ACTOR, async (records) => {
      await records.update('subscription', PENDING_ZOOM, { status: 'PENDING', service_activation_date: null });
      await records.update('subscription', CHANGED_ZOOM, { pending_change: true, changes_activated_on: null });
    });
  });

  const stored = (id: number) => server.db('subscriptions').where('id', id).first();
  const audits = (id: number) => server.db('audit_log_entries').where({ entity_type: 'subscription', entity_id: id }).orderBy('id');

  it('activates a PENDING ZOOM subscription from a date not before its start, audited as ACTIVATE', async () => {
    const start = (await stored(PENDING_ZOOM)).start_date as string;
    const early = await root.post(`/api/v1/subscriptions/${PENDING_ZOOM}/activate`, { service_activation_date: '2000-01-01' });
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({
      code: 'service_activation_before_start',
      message_key: 'problem.service_activation_before_start',
      parameter: 'service_activation_date',
    });
    const response = await root.post<Subscription>(`/api/v1/subscriptions/${PENDING_ZOOM}/activate`, { service_activation_date: start });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ACTIVE', service_activation_date: start });
    const [entry] = (await audits(PENDING_ZOOM)).slice(-1);
    expect(entry).toMatchObject({ action: 'ACTIVATE' });
    // Once ACTIVE it cannot be activated again: a refused state change says so.
    const again = await root.post(`/api/v1/subscriptions/${PENDING_ZOOM}/activate`, { service_activation_date: start });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'invalid_state', message_key: 'problem.invalid_state' });
  });

  it('cancels a PENDING ZOOM subscription; not one of another vendor, nor an ACTIVE one', async () => {
    expect((await root.post(`/api/v1/subscriptions/${PENDING_ACRONIS}/cancel`)).status).toBe(409);
    expect((await root.post(`/api/v1/subscriptions/${CHANGED_ZOOM}/cancel`)).status).toBe(409);
    const response = await root.post<Subscription>(`/api/v1/subscriptions/${PENDING_ZOOM}/cancel`);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('CANCELLED');
    expect((await audits(PENDING_ZOOM)).slice(-1)[0]).toMatchObject({ action: 'CANCEL' });
    expect((await root.post(`/api/v1/subscriptions/${PENDING_ZOOM}/cancel`)).status).toBe(409);
  });

  it('activates a pending change from today on, not before, audited as ACTIVATE_CHANGES', async () => {
    const late = await root.post(`/api/v1/subscriptions/${CHANGED_ZOOM}/activate_changes`, { activation_date: day(-1) });
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ code: 'change_activation_before_today', parameter: 'activation_date' });
    const response = await root.post<Subscription>(`/api/v1/subscriptions/${CHANGED_ZOOM}/activate_changes`, { activation_date: day(0) });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ pending_change: false, changes_activated_on: day(0) });
    expect((await audits(CHANGED_ZOOM)).slice(-1)[0]).toMatchObject({ action: 'ACTIVATE_CHANGES' });
    expect((await root.post(`/api/v1/subscriptions/${CHANGED_ZOOM}/activate_changes`, { activation_date: day(1) })).status).toBe(409);
  });

  it('cancels a pending change, audited as CANCEL_CHANGES; none left, it is refused', async () => {
    const response = await root.post<Subscription>(`/api/v1/subscriptions/${CHANGED_ZOOM}/cancel_changes`);
    expect(response.status).toBe(200);
    expect(response.body.pending_change).toBe(false);
    expect((await audits(CHANGED_ZOOM)).slice(-1)[0]).toMatchObject({ action: 'CANCEL_CHANGES' });
    expect((await root.post(`/api/v1/subscriptions/${CHANGED_ZOOM}/cancel_changes`)).status).toBe(409);
    expect((await root.post(`/api/v1/subscriptions/${ACTIVE_DROPBOX}/cancel_changes`)).status).toBe(409);
  });

  it('is for root users with contract:modify only (403), and refuses a stale record (412)', async () => {
    // staff@supplier is root without any role; the reseller admin holds every permission but is not root.
    for (const client of [staff, resellerAdmin]) {
      expect((await client.post(`/api/v1/subscriptions/${PENDING_ZOOM}/cancel`)).status).toBe(403);
      expect((await client.post(`/api/v1/subscriptions/${PENDING_ZOOM}/activate`, { service_activation_date: day(0) })).status).toBe(403);
      expect((await client.post(`/api/v1/subscriptions/${CHANGED_ZOOM}/activate_changes`, { activation_date: day(0) })).status).toBe(403);
      expect((await client.post(`/api/v1/subscriptions/${CHANGED_ZOOM}/cancel_changes`)).status).toBe(403);
    }
    const stale = await root.request('POST', `/api/v1/subscriptions/${PENDING_ZOOM}/cancel`, undefined, {
      'x-csrf-token': root.csrfToken() ?? '',
      'if-match': 'W/"old"',
    });
    expect(stale.status).toBe(412);
    expect((await stored(PENDING_ZOOM)).status).toBe('PENDING');
  });

  it('answers only one of two side-by-side activations and cancellations of one subscription', async () => {
    const start = (await stored(PENDING_ZOOM)).start_date as string;
    const answers = await Promise.all([
      root.post(`/api/v1/subscriptions/${PENDING_ZOOM}/activate`, { service_activation_date: start }),
      root.post(`/api/v1/subscriptions/${PENDING_ZOOM}/cancel`),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });
});
