import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '../../generated/types';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { addUserWithoutRoles, BUYER, EU_BUYER, NO_ROLE_USER, RESELLER_ADMIN, signedIn } from '../../testing/testUsers';

// 001 §2 order detail, §6, §7: the order's audit log (order:audit on top of the order's own
// visibility) and the CSV of its serial numbers, a plain link under /webstore/orders/{id}/.
let server: TestServer;
let buyer: TestClient;
let resellerAdmin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  await addUserWithoutRoles(server.db);
  buyer = await signedIn(server, BUYER);
  resellerAdmin = await signedIn(server, RESELLER_ADMIN);
});
afterAll(async () => server.close());

describe('GET /api/v1/orders/{id}/audit_logs', () => {
  it('lists the order’s audit entries, newest first, with who, on whose behalf and the field changes', async () => {
    const response = await resellerAdmin.get<AuditLogEntry[]>('/api/v1/orders/6/audit_logs');
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('x-total-count')).toBe('3');
    expect(response.body.map((entry) => entry.id)).toEqual([12, 11, 10]);
    expect(response.body[0]).toMatchObject({
      action: 'UPDATE',
      user: { id: 3, name: 'Bob Buyer' },
      on_behalf: { id: 2, name: 'Rita Reseller' },
    });
    expect(response.body[1]?.field_changes.map((change) => [change.field, change.old_value, change.new_value])).toEqual([
      ['status', 'PROCESSING', 'SHIPPED'],
      ['supplier_ref', null, 'SO700006'],
    ]);
    // Only the order's own entries: not another order's, not another record's with the same id.
    expect((await resellerAdmin.get<AuditLogEntry[]>('/api/v1/orders/1/audit_logs')).body.map((entry) => entry.id)).toEqual([13]);
    expect((await resellerAdmin.get<AuditLogEntry[]>('/api/v1/orders/2/audit_logs')).body).toEqual([]);
  });

  it('is 403 without order:audit (or order:view), 404 outside the caller’s scope, 401 signed out', async () => {
    expect((await buyer.get('/api/v1/orders/6')).status).toBe(200);
    expect((await buyer.get('/api/v1/orders/6/audit_logs')).status).toBe(403);
    expect((await (await signedIn(server, NO_ROLE_USER)).get('/api/v1/orders/6/audit_logs')).status).toBe(403);
    // Order 5 is Other Customer Co's, under another reseller.
    expect((await resellerAdmin.get('/api/v1/orders/5/audit_logs')).status).toBe(404);
    expect((await resellerAdmin.get('/api/v1/orders/999/audit_logs')).status).toBe(404);
    expect((await server.client().get('/api/v1/orders/6/audit_logs')).status).toBe(401);
  });
});

describe('GET /webstore/orders/{id}/serials/export', () => {
  it('answers the order’s serial numbers as a CSV attachment named after the order', async () => {
    const response = await buyer.get<string>('/webstore/orders/6/serials/export');
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="order-HUB-10006-serials.csv"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const product = (await server
      .db('order_units')
      .join('products', 'products.id', 'order_units.product_id')
      .where('order_units.order_id', 6)
      .first('products.product_code', 'products.name')) as { product_code: string; name: string };
    expect(response.text).toBe(
      [
        'Product code,Product name,Serial number',
        ...['SN-6-001', 'SN-6-002', 'SN-6-003'].map((serial) => `${product.product_code},${product.name},${serial}`),
        '',
      ].join('\r\n'),
    );
  });

  it('keeps formulas and separators in serial numbers as text', async () => {
    await server
      .db('order_units')
      .where({ order_id: 6, serial_number: 'SN-6-002' })
      .update({ serial_number: '=HYPERLINK("http://x.example","a,b")' });
    try {
      const response = await buyer.get<string>('/webstore/orders/6/serials/export');
      expect(response.text.split('\r\n')[1]).toMatch(/,"'=HYPERLINK\(""http:\/\/x\.example"",""a,b""\)"$/);
    } finally {
      await server
        .db('order_units')
        .where({ order_id: 6, serial_number: '=HYPERLINK("http://x.example","a,b")' })
        .update({ serial_number: 'SN-6-002' });
    }
  });

  it('answers an order without units with the header alone', async () => {
    const response = await buyer.get<string>('/webstore/orders/1/serials/export');
    expect(response.status).toBe(200);
    expect(response.text).toBe('Product code,Product name,Serial number\r\n');
  });

  it('sends a signed-out visitor to log in and back', async () => {
    const response = await server.client().get('/webstore/orders/6/serials/export');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?next=%2Fwebstore%2Forders%2F6%2Fserials%2Fexport');
  });

  it('is 404 outside the caller’s scope or for a missing or malformed id, 403 without order:view, exactly as the order', async () => {
    for (const id of ['3', '999', '0', 'abc']) {
      const response = await buyer.get(`/webstore/orders/${id}/serials/export`);
      expect(response.status, id).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    }
    expect((await buyer.get('/api/v1/orders/3')).status).toBe(404);
    expect((await (await signedIn(server, EU_BUYER)).get('/webstore/orders/6/serials/export')).status).toBe(404);
    expect((await (await signedIn(server, EU_BUYER)).get('/webstore/orders/3/serials/export')).status).toBe(200);
    expect((await (await signedIn(server, NO_ROLE_USER)).get('/webstore/orders/6/serials/export')).status).toBe(403);
  });
});
