import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { BUYER, EU_BUYER, RESELLER_ADMIN, signedIn, type Row } from '../../testing/testUsers';
import { writeVersionedRows } from '../../testing/versionedRows';

// Baskets are created and edited by order:modify_draft within the caller's own organisation
// (000 §6); the organisation, currency, author and date come from the server, never the body.

let server: TestServer;
let buyer: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  buyer = await signedIn(server, BUYER);
});
afterAll(async () => server.close());

describe('POST /baskets', () => {
  it('creates a basket of the caller organisation, in its currency, and answers it as its get does', async () => {
    const before = Date.now();
    const response = await buyer.post<Row>('/api/v1/baskets', { name: 'Spring rollout', purchase_order_number: 'PO-77', part_ship: true });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Spring rollout',
      purchase_order_number: 'PO-77',
      part_ship: true,
      total: '0.00',
      currency: 'GBP',
    });
    const stored = (await server.db('baskets').where('id', response.body.id).first()) as Record<string, unknown>;
    const buyerId = ((await server.db('users').where('email_address', BUYER).first('id')) as { id: number }).id;
    expect(stored).toMatchObject({ organisation_id: 3, created_by_id: buyerId });
    expect(Number(stored['created_at'])).toBeGreaterThanOrEqual(before);
    expect((await buyer.get<Row>(`/api/v1/baskets/${response.body.id}`)).body).toEqual(response.body);
  });

  it('prices a basket of a euro organisation in euros', async () => {
    // The EU buyer has no basket permissions; its organisation's admin role would. Grant it for this test.
    const euUser = (await server.db('users').where('email_address', EU_BUYER).first('id')) as { id: number };
    await writeVersionedRows(server.db, (trx) => trx('users').where('id', euUser.id).update({ admin: true }));
    const response = await (await signedIn(server, EU_BUYER)).post<Row>('/api/v1/baskets', { name: 'Euro basket' });
    expect(response.status, response.text).toBe(201);
    expect(response.body['currency']).toBe('EUR');
    await writeVersionedRows(server.db, (trx) => trx('users').where('id', euUser.id).update({ admin: false }));
  });

  it.each([
    ['an organisation', { name: 'x', organisation: 6 }],
    ['a currency', { name: 'x', currency: 'EUR' }],
    ['a total', { name: 'x', total: '1.00' }],
    ['a name over 255 characters', { name: 'n'.repeat(256) }],
    ['an invalid end user e-mail', { end_user_email: 'not-an-email' }],
  ])('refuses a body with %s (400, nothing written)', async (_name, body) => {
    const count = async () => Number(((await server.db('baskets').count({ n: '*' }).first()) as { n: number | string }).n);
    const before = await count();
    const response = await buyer.post<Row>('/api/v1/baskets', body);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body['code']).toBe('invalid_body');
    expect(await count()).toBe(before);
  });

  it('needs a session and order:modify_draft', async () => {
    expect((await server.client().post('/api/v1/baskets', { name: 'x' })).status).toBe(401);
    expect((await (await signedIn(server, EU_BUYER)).post('/api/v1/baskets', { name: 'x' })).status).toBe(403);
  });
});

describe('PUT /baskets/{id}', () => {
  it('edits the details and keeps what the body leaves out', async () => {
    const response = await buyer.send<Row>('PUT', '/api/v1/baskets/1', { ship_instructions: 'Leave at reception', shipping_city: 'Leeds' });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      id: 1,
      name: 'Meeting room refresh',
      ship_instructions: 'Leave at reception',
      shipping_city: 'Leeds',
      total: '116.00',
    });
  });

  it('keeps a field with a default (the payment type) when the body leaves it out', async () => {
    expect((await buyer.send<Row>('PUT', '/api/v1/baskets/1', { payment_type: 'FINANCE' })).body['payment_type']).toBe('FINANCE');
    const response = await buyer.send<Row>('PUT', '/api/v1/baskets/1', { ship_instructions: 'Ring twice' });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ payment_type: 'FINANCE', ship_instructions: 'Ring twice' });
    expect((await buyer.send<Row>('PUT', '/api/v1/baskets/1', { payment_type: 'ON_ACCOUNT' })).body['payment_type']).toBe('ON_ACCOUNT');
  });

  it("answers 404 for another organisation's basket, as if it did not exist, and changes nothing", async () => {
    // Basket 4 belongs to Customer Co's branch, 6 to Other Customer.
    for (const id of [4, 6]) {
      const before = (await server.db('baskets').where('id', id).first()) as Record<string, unknown>;
      const response = await buyer.send<Row>('PUT', `/api/v1/baskets/${id}`, { name: 'Taken over' });
      expect(response.status).toBe(404);
      expect(await server.db('baskets').where('id', id).first()).toEqual(before);
    }
    expect((await (await signedIn(server, RESELLER_ADMIN)).send('PUT', '/api/v1/baskets/1', { name: 'Taken over' })).status).toBe(404);
  });
});
