import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { windowOf } from '../db/pageWindow';
import { startTestServer, type TestClient, type TestServer } from '../testing/testServer';
import { ROOT_ADMIN, BUYER, signedIn, type Row } from '../testing/testUsers';

describe('windowOf', () => {
  it('reads a stretch in the front half forwards and one in the back half backwards, skipping the fewest rows', () => {
    expect(windowOf(100, 0, 10)).toEqual({ offset: 0, limit: 10, reversed: false });
    expect(windowOf(100, 40, 50)).toEqual({ offset: 40, limit: 10, reversed: false });
    expect(windowOf(100, 50, 60)).toEqual({ offset: 40, limit: 10, reversed: true });
    // The last page, short: the 3 rows at the end.
    expect(windowOf(93, 90, 100)).toEqual({ offset: 0, limit: 3, reversed: true });
    expect(windowOf(93, 100, 110)).toBeUndefined();
    expect(windowOf(0, 0, 24)).toBeUndefined();
  });
});

// Every page of a list, read page by page (back-half pages are read backwards from the end), must
// be the same rows in the same order as the list read whole: for every sort, both directions,
// with ties (status, dates) and NULLs (supplier_ref, purchase_order_number), on both databases.
describe('pages read from the nearer end', () => {
  let server: TestServer;
  let root: TestClient;
  let buyer: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    root = await signedIn(server, ROOT_ADMIN);
    buyer = await signedIn(server, BUYER);
  });
  afterAll(async () => server.close());

  async function everyPage(client: TestClient, path: string, perPage: number): Promise<{ paged: unknown[]; whole: unknown[] }> {
    const joiner = path.includes('?') ? '&' : '?';
    const whole = await client.get<Row[]>(`${path}${joiner}per_page=96`);
    expect(whole.status, whole.text).toBe(200);
    const total = Number(whole.headers.get('x-total-count'));
    expect(whole.body.length, 'the whole list fits one page of 96').toBe(total);
    const paged: unknown[] = [];
    for (let page = 1; page <= Math.ceil(total / perPage) + 1; page++) {
      const response = await client.get<Row[]>(`${path}${joiner}per_page=${perPage}&page=${page}`);
      expect(response.status, response.text).toBe(200);
      expect(Number(response.headers.get('x-total-count'))).toBe(total);
      paged.push(...response.body.map((row) => row.id));
    }
    return { paged, whole: whole.body.map((row) => row.id) };
  }

  it('pages the orders list the same as read whole, for every sort and direction', async () => {
    for (const field of ['id', 'name', 'supplier_ref', 'purchase_order_number', 'date', 'total', 'status', 'order_type']) {
      for (const sign of ['+', '-']) {
        const { paged, whole } = await everyPage(root, `/api/v1/orders?sort_by=${encodeURIComponent(sign + field)}`, 3);
        expect(paged, `${sign}${field}`).toEqual(whole);
      }
    }
  });

  it('pages the store the same as read whole, public and signed in, for every sort and direction', async () => {
    for (const sort of ['popularity', 'name', 'price']) {
      for (const sign of ['+', '-']) {
        const publicPages = await everyPage(buyer, `/api/v1/public/webstore?sort_by=${encodeURIComponent(sign + sort)}`, 7);
        expect(publicPages.paged, `public ${sign}${sort}`).toEqual(publicPages.whole);
        const signedInPages = await everyPage(buyer, `/api/v1/products?sort_by=${encodeURIComponent(sign + sort)}`, 7);
        expect(signedInPages.paged, `signed in ${sign}${sort}`).toEqual(signedInPages.whole);
      }
    }
  });
});
