import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import {
  addRootUsers,
  addUserWithoutRoles,
  BUYER,
  EU_BUYER,
  idsOf,
  NO_ROLE_USER,
  OTHER_RESELLER_SALES,
  RESELLER_ADMIN,
  ROOT_ADMIN,
  ROOT_NO_ROLE_USER,
  ROOT_SALES_USER,
  signedIn,
  type Row,
} from '../../testing/testUsers';

// Demo quotes (seeds/demo/orders.ts), statuses DRAFT, PUBLISHED, ACCEPTED, DECLINED, EXPIRED, VOIDED
// in turn, all sent by the distributor (root organisation 1): 1–6 to Customer Co, 7–12 to EU
// Customer, 13–18 to Reseller Partners (the buyer's parent).

let server: TestServer;
let root: TestClient;
let reseller: TestClient;
let buyer: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  await addUserWithoutRoles(server.db);
  await addRootUsers(server.db);
  root = await signedIn(server, ROOT_ADMIN);
  reseller = await signedIn(server, RESELLER_ADMIN);
  buyer = await signedIn(server, BUYER);
});
afterAll(async () => server.close());

async function list(client: TestClient, path: string) {
  const response = await client.get<Row[]>(`/api/v1${path}`);
  expect(response.status, response.text).toBe(200);
  return response;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('GET /quotes/outward', () => {
  it('shows the quotes the root organisation sent, newest id first', async () => {
    const response = await list(root, '/quotes/outward');
    expect(response.body.map((row) => row.id)).toEqual(range(1, 18).reverse());
    expect(response.headers.get('x-total-count')).toBe('18');
    expect(response.body[0]).toMatchObject({
      organisation_from: { id: 1 },
      organisation_to: { id: 2, name: 'Reseller Partners UK Ltd' },
      currency: 'GBP',
    });
    expect(response.body[6]).toMatchObject({ id: 12, organisation_to: { id: 4, name: 'EU Customer GmbH' }, currency: 'EUR' });
  });

  it('is root-side: a root user with quote:view may, anyone else is refused with 403', async () => {
    expect(idsOf((await list(await signedIn(server, ROOT_SALES_USER), '/quotes/outward')).body)).toEqual(range(1, 18));
    const refused = [reseller, buyer, await signedIn(server, OTHER_RESELLER_SALES), await signedIn(server, ROOT_NO_ROLE_USER)];
    for (const client of refused) {
      for (const path of [
        '/quotes/outward',
        '/quotes/outward/2',
        '/quotes/outward/2/line_items',
        '/quotes?organisation_from=1',
        '/quotes',
      ]) {
        const response = await client.get(`/api/v1${path}`);
        expect(response.status, path).toBe(403);
        expect(response.headers.get('content-type')).toContain('application/problem+json');
      }
    }
  });

  it('filters by recipient, status, text and date', async () => {
    expect(idsOf((await list(root, '/quotes/outward?organisation_to=4')).body)).toEqual(range(7, 12));
    expect(idsOf((await list(root, '/quotes/outward?quote_status=DRAFT&quote_status=VOIDED')).body)).toEqual([1, 6, 7, 12, 13, 18]);
    expect(idsOf((await list(root, '/quotes/outward?text=sq-5008')).body)).toEqual([8]);
    expect(idsOf((await list(root, '/quotes/outward?text=EU-CUSTOMER.example')).body)).toEqual(range(7, 12));
    // Quote n is dated 2026-01-05 plus 2n days: 2026-01-11 is quote 3, 2026-01-15 quote 5.
    expect(idsOf((await list(root, '/quotes/outward?start_date=2026-01-11&end_date=2026-01-15')).body)).toEqual([3, 4, 5]);
    expect((await list(root, '/quotes/outward?organisation_from=5')).body).toEqual([]);
  });

  it('sorts by name, recipient email, expiry date and status', async () => {
    for (const field of ['name', 'recipient_email', 'expiry_date', 'quote_status']) {
      const values = (await list(root, `/quotes/outward?sort_by=-${field}&per_page=96`)).body.map((row) =>
        String(row[field]).toLowerCase(),
      );
      expect(values, field).toEqual([...values].sort().reverse());
    }
    const ascending = (await list(root, '/quotes/outward?sort_by=%2Bid')).body.map((row) => row.id);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  });

  it('pages with x-total-count and x-total-pages', async () => {
    const page = await list(root, '/quotes/outward?per_page=5&page=4');
    expect(page.headers.get('x-total-pages')).toBe('4');
    expect(page.body.map((row) => row.id)).toEqual([3, 2, 1]);
  });

  it('answers one quote of the sender, and 404 for a missing one', async () => {
    expect((await root.get<Row>('/api/v1/quotes/outward/1')).body).toMatchObject({
      id: 1,
      quote_status: 'DRAFT',
      organisation_to: { id: 3 },
    });
    expect((await root.get('/api/v1/quotes/outward/999')).status).toBe(404);
  });
});

describe('GET /quotes/inward', () => {
  it('shows the recipient every quote sent to it except drafts', async () => {
    const response = await list(buyer, '/quotes/inward');
    expect(response.body.map((row) => row.id)).toEqual([6, 5, 4, 3, 2]);
    expect(response.headers.get('x-total-count')).toBe('5');
    expect(idsOf((await list(await signedIn(server, EU_BUYER), '/quotes/inward')).body)).toEqual([8, 9, 10, 11, 12]);
    // The reseller receives quotes from the distributor; the distributor (the sender) receives none.
    expect(idsOf((await list(reseller, '/quotes/inward')).body)).toEqual([14, 15, 16, 17, 18]);
    expect((await list(root, '/quotes/inward')).body).toEqual([]);
  });

  it('is open to any signed-in user, but not to visitors', async () => {
    expect(idsOf((await list(await signedIn(server, NO_ROLE_USER), '/quotes/inward')).body)).toEqual([2, 3, 4, 5, 6]);
    expect((await server.client().get('/api/v1/quotes/inward')).status).toBe(401);
  });

  it('filters by status (never DRAFT), text, date and sender', async () => {
    expect(idsOf((await list(buyer, '/quotes/inward?quote_status=PUBLISHED&quote_status=EXPIRED')).body)).toEqual([2, 5]);
    expect((await buyer.get('/api/v1/quotes/inward?quote_status=DRAFT')).status).toBe(400);
    expect(idsOf((await list(buyer, '/quotes/inward?text=accepted')).body)).toEqual([3]);
    expect(idsOf((await list(buyer, '/quotes/inward?start_date=2026-01-13')).body)).toEqual([4, 5, 6]);
    expect(idsOf((await list(buyer, '/quotes/inward?end_date=2026-01-13')).body)).toEqual([2, 3, 4]);
    expect((await list(buyer, '/quotes/inward?organisation_from=1')).body).toHaveLength(5);
    expect((await list(buyer, '/quotes/inward?organisation_from=2')).body).toEqual([]);
  });

  it('sorts and pages', async () => {
    const byExpiry = (await list(buyer, '/quotes/inward?sort_by=%2Bexpiry_date')).body.map((row) => String(row['expiry_date']));
    expect(byExpiry).toEqual([...byExpiry].sort());
    const byEmail = (await list(buyer, '/quotes/inward?sort_by=-recipient_email')).body.map((row) => String(row['recipient_email']));
    expect(byEmail).toEqual([...byEmail].sort().reverse());
    const page = await list(buyer, '/quotes/inward?per_page=2&page=3');
    expect(page.headers.get('x-total-pages')).toBe('3');
    expect(page.body.map((row) => row.id)).toEqual([2]);
  });

  it('answers one quote of the recipient; a draft or a missing one is 404, another organisation’s quote 403 (001 §2 forbidden)', async () => {
    expect((await buyer.get<Row>('/api/v1/quotes/inward/3')).body).toMatchObject({ id: 3, quote_status: 'ACCEPTED', order_id: 1 });
    expect((await buyer.get('/api/v1/quotes/inward/1')).status).toBe(404);
    expect((await buyer.get('/api/v1/quotes/inward/8')).status).toBe(403);
    expect((await buyer.get('/api/v1/quotes/inward/999')).status).toBe(404);
  });
});

describe('GET /quotes/{outward,inward}/{id}/line_items', () => {
  it('answers the lines of a quote to its sender and, once sent, to its recipient', async () => {
    // Quote 5 takes the Zoom line set: one line with its Zoom order details.
    const outward = (await root.get<Row[]>('/api/v1/quotes/outward/5/line_items')).body;
    expect(outward).toHaveLength(1);
    expect(outward[0]).toMatchObject({
      name: 'ZM-ONE-PRO',
      quantity: 5,
      price: '11.99',
      sub_total_for_item: '59.95',
      zoom_order_type: 'NEW_BUSINESS',
      zoom_deal_registration_id: 'DR-1005',
      zoom_end_user_email: 'buyer@customer.example',
    });
    expect((await buyer.get<Row[]>('/api/v1/quotes/inward/5/line_items')).body).toEqual(outward);
  });

  it('is 404 for a draft inward, 403 for another organisation’s quote, and 403 outward for a non-root user', async () => {
    expect((await buyer.get('/api/v1/quotes/inward/1/line_items')).status).toBe(404);
    expect((await buyer.get('/api/v1/quotes/inward/8/line_items')).status).toBe(403);
    expect((await buyer.get('/api/v1/quotes/outward/6/line_items')).status).toBe(403);
    expect((await root.get<Row[]>('/api/v1/quotes/outward/1/line_items')).body.length).toBeGreaterThan(0);
  });
});

describe('GET /quotes (the documented call: organisation_from outward, organisation_to inward)', () => {
  it('answers the outward list, the same as /quotes/outward, to a root user with quote:view', async () => {
    const outward = await list(root, '/quotes/outward?per_page=5');
    const documented = await list(root, '/quotes?organisation_from=1&per_page=5');
    expect(documented.body).toEqual(outward.body);
    expect(documented.headers.get('x-total-count')).toBe('18');
    expect(idsOf((await list(root, '/quotes?per_page=96')).body)).toHaveLength(18);
    expect((await buyer.get('/api/v1/quotes')).status).toBe(403);
    expect((await reseller.get('/api/v1/quotes?organisation_from=2')).status).toBe(403);
    expect((await server.client().get('/api/v1/quotes')).status).toBe(401);
  });

  it('answers the inward list with organisation_to: the caller organisation only, never a draft', async () => {
    expect(idsOf((await list(buyer, '/quotes?organisation_to=3')).body)).toEqual([2, 3, 4, 5, 6]);
    // Another organisation as recipient is out of the caller's scope: nothing, not its quotes.
    expect((await list(buyer, '/quotes?organisation_to=4')).body).toEqual([]);
    expect((await list(buyer, '/quotes?organisation_to=3&quote_status=DRAFT')).body).toEqual([]);
    expect(idsOf((await list(buyer, '/quotes?organisation_to=3&quote_status=DRAFT&quote_status=VOIDED')).body)).toEqual([6]);
    expect(idsOf((await list(reseller, '/quotes?organisation_to=2')).body)).toEqual([14, 15, 16, 17, 18]);
    expect((await buyer.get('/api/v1/quotes?organisation_to=x')).status).toBe(400);
  });

  it('answers one quote to its root sender or, once sent, its recipient; 403 to other organisations, 404 before it is sent', async () => {
    expect((await root.get<Row>('/api/v1/quotes/1')).body).toMatchObject({ id: 1, quote_status: 'DRAFT' });
    expect((await buyer.get<Row>('/api/v1/quotes/3')).body).toMatchObject({ id: 3, quote_status: 'ACCEPTED' });
    expect((await buyer.get('/api/v1/quotes/1')).status).toBe(404);
    expect((await buyer.get('/api/v1/quotes/8')).status).toBe(403);
    // A non-root user never sees a quote from the sender's side, only as its recipient.
    expect((await reseller.get('/api/v1/quotes/13')).status).toBe(404);
    expect((await reseller.get<Row>('/api/v1/quotes/14')).body).toMatchObject({ id: 14, quote_status: 'PUBLISHED' });
    expect((await (await signedIn(server, OTHER_RESELLER_SALES)).get('/api/v1/quotes/1')).status).toBe(403);
    expect((await buyer.get('/api/v1/quotes/999')).status).toBe(404);
    expect((await buyer.get<Row[]>('/api/v1/quotes/5/line_items')).body).toHaveLength(1);
    expect((await buyer.get('/api/v1/quotes/1/line_items')).status).toBe(404);
    // The list paths still answer beside the id path.
    expect((await buyer.get('/api/v1/quotes/inward')).status).toBe(200);
  });
});
