import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, PublicProduct } from '../../generated/types';
import { startTestServer, TestClient, type TestServer } from '../../testing/testServer';
import { inTransaction, SYSTEM_ACTOR } from '../../writes/records';
import { startSecondInstance, type SecondInstance } from '../../testing/secondInstance';

/** A raw GET, bytes as sent (fetch would undo the compression). */
function rawGet(baseUrl: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(`${baseUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

// Two servers over one database, as two processes behind a load balancer: each has its own
// connection pool and its own page cache; a write through either (or a job) must show on both.
describe('catalogue page cache', () => {
  let server: TestServer;
  let second: SecondInstance;
  let buyerA: TestClient;
  let buyerB: TestClient;
  const PUBLIC = '/api/v1/public/webstore?per_page=96&sort_by=%2Bname';

  beforeAll(async () => {
    server = await startTestServer();
    second = await startSecondInstance(server);
    buyerA = server.client();
    buyerB = new TestClient(second.baseUrl);
    await buyerA.login('buyer@customer.example');
    await buyerB.login('buyer@customer.example');
  });
  afterAll(async () => {
    await second.close();
    await server.close();
  });

  const anonymous = (baseUrl: string) => new TestClient(baseUrl);
  const write = (work: Parameters<typeof inTransaction>[2]) => inTransaction(server.db, SYSTEM_ACTOR, work);

  it('shows a price change on the next request, in both processes, public and signed in', async () => {
    const [first] = (await anonymous(server.baseUrl).get<PublicProduct[]>(PUBLIC)).body;
    const item = await server
      .db('price_list_items as pli')
      .join('price_lists as pl', 'pl.id', 'pli.price_list_id')
      .where({ 'pl.is_default': true, 'pl.currency': 'GBP', 'pli.product_id': first!.id })
      .first('pli.id');
    for (const baseUrl of [server.baseUrl, second.baseUrl]) await anonymous(baseUrl).get(PUBLIC);
    await buyerA.get('/api/v1/products?per_page=96&sort_by=%2Bname');
    await buyerB.get('/api/v1/products?per_page=96&sort_by=%2Bname');

    await write((records) => records.update('price_list_item', Number(item.id), { rrp: '4321.5', price: '1234.5' }));

    for (const baseUrl of [server.baseUrl, second.baseUrl]) {
      const rows = (await anonymous(baseUrl).get<PublicProduct[]>(PUBLIC)).body;
      expect(rows.find((row) => row.id === first!.id)?.rrp).toBe('4321.50');
    }
    for (const buyer of [buyerA, buyerB]) {
      const rows = (await buyer.get<Product[]>('/api/v1/products?per_page=96&sort_by=%2Bname')).body;
      expect(rows.find((row) => row.id === first!.id)?.price).toBe('1234.50');
    }
  });

  it('drops a hidden product from pages and counts at once, and a renamed one shows its name', async () => {
    const before = await anonymous(second.baseUrl).get<PublicProduct[]>(PUBLIC);
    const total = Number(before.headers.get('x-total-count'));
    const [gone, renamed] = before.body;
    await write(async (records) => {
      await records.update('product', gone!.id, { show_in_webstore: false });
      await records.update('product', renamed!.id, { name: 'Aardvark renamed on purpose' });
    });
    const after = await anonymous(second.baseUrl).get<PublicProduct[]>(PUBLIC);
    expect(Number(after.headers.get('x-total-count'))).toBe(total - 1);
    expect(after.body.map((row) => row.id)).not.toContain(gone!.id);
    expect(after.body[0]).toMatchObject({ id: renamed!.id, name: 'Aardvark renamed on purpose' });
    // Every sort and page of the same filters counts the same (one count per filter set).
    const byPrice = await anonymous(server.baseUrl).get('/api/v1/public/webstore?sort_by=-price&page=2');
    expect(Number(byPrice.headers.get('x-total-count'))).toBe(total - 1);
    await write((records) => records.update('product', gone!.id, { show_in_webstore: true }));
    expect(Number((await anonymous(server.baseUrl).get(PUBLIC)).headers.get('x-total-count'))).toBe(total);
  });

  it('answers an ETag, a 304 while nothing changed, and a new page after a write', async () => {
    const first = await rawGet(server.baseUrl, PUBLIC);
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await rawGet(server.baseUrl, PUBLIC, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('public, no-cache');
    const [product] = JSON.parse(first.body.toString()) as PublicProduct[];
    await write((records) => records.update('product', product!.id, { stock: 'Arriving soon' }));
    const changed = await rawGet(second.baseUrl, PUBLIC, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers['etag']).not.toBe(etag);
    expect((JSON.parse(changed.body.toString()) as PublicProduct[])[0]!.stock).toBe('Arriving soon');
  });

  it('keeps the signed-in pages private, and the same query in another spelling is the same page', async () => {
    const page = await buyerA.get('/api/v1/products?vendor=2&vendor=1&text=%20Pro%20');
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    const same = await buyerA.get('/api/v1/products?vendor=1&vendor=2&text=pro');
    expect(same.headers.get('etag')).toBe(page.headers.get('etag'));
    expect(same.body).toEqual(page.body);
  });

  it('sets no CSRF cookie on an anonymous catalogue page, but still hands one out elsewhere', async () => {
    const page = await rawGet(server.baseUrl, PUBLIC);
    expect(page.headers['set-cookie']).toBeUndefined();
    const whoami = await rawGet(server.baseUrl, '/api/v1/whoami');
    expect(whoami.status).toBe(401);
    expect(String(whoami.headers['set-cookie'])).toMatch(/hub_csrf=/);
  });

  it('compresses JSON with brotli or gzip as the client asks, and says it varies', async () => {
    const plain = await rawGet(server.baseUrl, PUBLIC);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers['vary'])).toMatch(/accept-encoding/i);
    const br = await rawGet(server.baseUrl, PUBLIC, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gzip = await rawGet(server.baseUrl, PUBLIC, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    // Answers not from the cache are compressed too (the contract, a problem).
    const contract = await rawGet(server.baseUrl, '/api/v1/openapi.json', { 'accept-encoding': 'br' });
    expect(contract.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(contract.body).toString())).toHaveProperty('openapi');
  });
});
