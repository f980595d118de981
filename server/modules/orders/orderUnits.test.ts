import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderUnit } from '../../generated/types';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { addUserWithoutRoles, BUYER, EU_BUYER, NO_ROLE_USER, signedIn } from '../../testing/testUsers';

// An order's units (001 §3): a generic child list of the order, visible exactly when the order is.
let server: TestServer;
let buyer: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  await addUserWithoutRoles(server.db);
  buyer = await signedIn(server, BUYER);
});
afterAll(async () => server.close());

describe('GET /orders/{id}/units', () => {
  it('lists the serial number and product of each unit, by serial number', async () => {
    const response = await buyer.get<OrderUnit[]>('/api/v1/orders/6/units');
    expect(response.status, response.text).toBe(200);
    expect(response.body.map((unit) => unit.serial_number)).toEqual(['SN-6-001', 'SN-6-002', 'SN-6-003']);
    const productId = await server.db('order_units').where('order_id', 6).first('product_id');
    expect(response.body[0]?.product).toMatchObject({
      id: Number(productId?.product_id),
      name: expect.any(String),
      product_code: expect.any(String),
    });
    expect((await buyer.get<OrderUnit[]>('/api/v1/orders/1/units')).body).toEqual([]);
  });

  it('is 404 for an order outside the caller’s scope or missing, 403 without order:view', async () => {
    expect((await buyer.get('/api/v1/orders/3/units')).status).toBe(404);
    expect((await buyer.get('/api/v1/orders/999/units')).status).toBe(404);
    expect((await (await signedIn(server, EU_BUYER)).get('/api/v1/orders/6/units')).status).toBe(404);
    expect((await (await signedIn(server, NO_ROLE_USER)).get('/api/v1/orders/6/units')).status).toBe(403);
  });
});
