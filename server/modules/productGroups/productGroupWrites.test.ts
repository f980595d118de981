import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductGroup } from '../../generated/types';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';

interface Problem {
  code: string;
  parameter?: string;
  message_key: string;
}

// Creating and editing a group definition: root and admin only (002 §6), the rules of 002 §5.
describe('product group create and update', () => {
  let server: TestServer;
  let rootAdmin: TestClient;
  let rootStaff: TestClient;
  let resellerAdmin: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    [rootAdmin, rootStaff, resellerAdmin] = [server.client(), server.client(), server.client()];
    await rootAdmin.login('admin@supplier.example');
    await rootStaff.login('staff@supplier.example');
    await resellerAdmin.login('admin@reseller.example');
  });
  afterAll(async () => {
    await server.close();
  });

  const create = (body: unknown, client = rootAdmin) => client.post<ProductGroup & Problem>('/api/v1/productgroups', body);
  const update = (id: number, body: unknown, client = rootAdmin) =>
    client.send<ProductGroup & Problem>('PUT', `/api/v1/productgroups/${id}`, body);

  it('creates a group as DRAFT by default and answers 201 with the record', async () => {
    const response = await create({ name: 'Webex suites', description: 'Meetings', grading: 4 });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Webex suites',
      description: 'Meetings',
      status: 'DRAFT',
      grading: 4,
      subscription_type: null,
    });
    expect((await rootAdmin.get<ProductGroup>(`/api/v1/productgroups/${response.body.id}`)).body.name).toBe('Webex suites');
  });

  it('updates the fields given and keeps the others', async () => {
    const { body: created } = await create({
      name: 'Teams rooms',
      description: 'Old',
      subscription_type: 'ZOOM',
      subscription_product_type: 'BASE',
    });
    const response = await update(created.id, { name: 'Teams rooms', description: 'New', status: 'LIVE' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: created.id,
      description: 'New',
      status: 'LIVE',
      subscription_type: 'ZOOM',
      subscription_product_type: 'BASE',
    });
    // Its own name is no clash with itself, whatever the case.
    expect((await update(created.id, { name: 'TEAMS ROOMS' })).status).toBe(200);
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(46) }, 'name'],
    [{ name: 'Ok', description: 'd'.repeat(201) }, 'description'],
    [{ name: 'Ok', status: 'ARCHIVED' }, 'status'],
    [{ name: 'Ok', grading: 1.5 }, 'grading'],
    [{ name: 'Ok', subscription_product_type: 'BASE' }, 'subscription_product_type'],
  ])('refuses %j with 400 invalid_body naming %s', async (body, field) => {
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_body', parameter: field, message_key: 'problem.invalid_body' });
  });

  it("ignores an id sent with a new group: the id is the server's own (readOnly in the contract, issue 22 item 8)", async () => {
    const response = await create({ name: `Own id ${Date.now()}`, id: 3 });
    expect(response.status, response.text).toBe(201);
    expect(response.body['id']).not.toBe(3);
  });

  it('refuses clearing the subscription type while the product type stays', async () => {
    const { body: created } = await create({ name: 'Add-on pack', subscription_type: 'ZOOM', subscription_product_type: 'ADD_ON' });
    const response = await update(created.id, { name: 'Add-on pack', subscription_type: null });
    expect(response.body).toMatchObject({ code: 'invalid_body', parameter: 'subscription_product_type' });
    expect((await update(created.id, { name: 'Add-on pack', subscription_type: null, subscription_product_type: null })).status).toBe(200);
  });

  it('clears the product type and the related groups with the subscription type (002 §4), each removal audited', async () => {
    // Demo: Zoom Workplace plans (1, BASE) offers Zoom add-ons (2).
    const before = await rootAdmin.get<{ id: number }[]>('/api/v1/productgroups/1/related_groups');
    expect(before.body.length).toBeGreaterThan(0);
    const response = await update(1, { name: 'Zoom Workplace plans', subscription_type: null, subscription_product_type: null });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ subscription_type: null, subscription_product_type: null });
    expect((await rootAdmin.get<unknown[]>('/api/v1/productgroups/1/related_groups')).body).toEqual([]);
    const audit = await rootAdmin.get<{ field_changes: { field: string; old_value: string | null }[] }[]>(
      '/api/v1/productgroups/1/audit_logs',
    );
    expect(audit.body.flatMap((entry) => entry.field_changes)).toContainEqual(
      expect.objectContaining({ field: 'related_groups', old_value: 'Zoom add-ons' }),
    );
  });

  it('answers 409 duplicate_value for a name taken, case-insensitively, on create and update', async () => {
    const taken = await create({ name: 'zoom WORKPLACE plans' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'duplicate_value', parameter: 'name', message_key: 'problem.duplicate_value' });
    const { body: other } = await create({ name: 'Unique for now' });
    expect((await update(other.id, { name: 'Dropbox business' })).body).toMatchObject({ code: 'duplicate_value', parameter: 'name' });
  });

  it('is root and admin only: 403 for root staff and for an admin elsewhere', async () => {
    expect((await create({ name: 'Not mine' }, rootStaff)).status).toBe(403);
    expect((await update(1, { name: 'Not mine' }, rootStaff)).status).toBe(403);
    expect((await create({ name: 'Not mine' }, resellerAdmin)).status).toBe(403);
    expect((await update(1, { name: 'Not mine' }, resellerAdmin)).status).toBe(403);
    expect((await server.client().post('/api/v1/productgroups', { name: 'x' })).status).not.toBe(201);
  });

  it('answers 404 for updating a missing group', async () => {
    expect((await update(999, { name: 'Ghost' })).body).toMatchObject({ code: 'not_found' });
  });
});
