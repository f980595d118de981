import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { BUYER, signedIn } from '../../testing/testUsers';
import { writeVersionedRows } from '../../testing/versionedRows';

// 001 §2, §7 POST /orders/export on the demo: Bob (Customer Co) sees orders 1 and 2 (his
// organisation and its branch), not 3 (EU Customer) or 5 (Other Reseller's customer).
let server: TestServer;
let bob: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  bob = await signedIn(server, BUYER);
});
afterAll(async () => server.close());

describe('POST /orders/export', () => {
  it('answers the named orders the caller may see as a CSV file with its name, leaving out the others', async () => {
    const response = await bob.post('/api/v1/orders/export', { orders: [2, 1, 3, 5, 2] });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = response.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Reference,Supplier ref,PO number,Organisation,Total,Currency,Created,Created by,Type,Status,Type code,Status code',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['HUB-10002', 'HUB-10001']);
    // As the list shows it (labels, the date), with the codes in their own columns.
    expect(lines[2]).toBe('HUB-10001,,PO-3-1,Customer Co Ltd,116.00,GBP,5th Jan 2026,Bob Buyer,Sale,Created,SALES_ORDER,CREATED');
  });

  it('speaks the caller’s language: headings, types, statuses and dates as the list shows them in it', async () => {
    expect((await bob.send('PUT', '/api/v1/whoami/language', { user_language: 'de' })).status).toBe(200);
    try {
      const lines = (await bob.post('/api/v1/orders/export', { orders: [1] })).text.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Referenz,Lieferantenref.,Bestellnummer,Organisation,Gesamt,Währung,Angelegt,Angelegt von,Art,Status,Art (Code),Status (Code)',
      );
      expect(lines[1]).toBe('HUB-10001,,PO-3-1,Customer Co Ltd,116.00,GBP,5. Jan. 2026,Bob Buyer,Verkauf,Angelegt,SALES_ORDER,CREATED');
    } finally {
      await bob.send('PUT', '/api/v1/whoami/language', { user_language: 'en' });
    }
  });

  it('keeps a cell a spreadsheet would run as a formula as text', async () => {
    await writeVersionedRows(server.db, (trx) =>
      trx('orders').where('id', 1).update({ purchase_order_number: '=HYPERLINK("http://x.example","y")' }),
    );
    const content = (await bob.post('/api/v1/orders/export', { orders: [1] })).text;
    expect(content.split('\r\n')[1]).toContain(`"'=HYPERLINK(""http://x.example"",""y"")"`);
  });

  it('refuses more than 1,000 orders at once and ids that are not ids (400)', async () => {
    const many = await bob.post<{ code: string }>('/api/v1/orders/export', { orders: Array.from({ length: 1001 }, (_, i) => i + 1) });
    expect([many.status, many.body.code]).toEqual([400, 'invalid_body']);
    expect((await bob.post('/api/v1/orders/export', { orders: ['1'] })).status).toBe(400);
    expect((await bob.post('/api/v1/orders/export', {})).status).toBe(400);
  });
});
