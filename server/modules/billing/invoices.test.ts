import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceRow } from '../../generated/types';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';

/** The buyer's organisation (Customer Co Ltd) and its branch: the seed's ids. */
const BUYER_ORGANISATIONS = [3, 7];

describe('invoices', () => {
  let server: TestServer;
  let buyer: TestClient;
  let root: TestClient;
  let euBuyer: TestClient;
  let visibleCount: number;

  beforeAll(async () => {
    server = await startTestServer();
    buyer = server.client();
    root = server.client();
    euBuyer = server.client();
    await buyer.login('buyer@customer.example');
    await root.login('admin@supplier.example');
    await euBuyer.login('buyer@eu-customer.example');
    visibleCount = Number((await server.db('invoices').whereIn('organisation_id', BUYER_ORGANISATIONS).count({ n: '*' }).first())?.['n']);
  });
  afterAll(async () => {
    await server.close();
  });

  const list = (client: TestClient, query = '') => client.get<InvoiceRow[]>(`/api/v1/invoices?per_page=96${query}`);
  const references = (rows: InvoiceRow[]) => rows.map((row) => row.reference).sort();

  it("shows the buyer its organisation's and its branch's invoices, newest first, with paging headers", async () => {
    const response = await buyer.get<InvoiceRow[]>('/api/v1/invoices');
    expect(response.status).toBe(200);
    expect(visibleCount).toBeGreaterThan(10);
    expect(Number(response.headers.get('x-total-count'))).toBe(visibleCount);
    expect(Number(response.headers.get('x-total-pages'))).toBe(Math.ceil(visibleCount / 24));
    expect(new Set(response.body.map((row) => row.organisation?.id))).toEqual(new Set(BUYER_ORGANISATIONS));
    const dates = response.body.map((row) => row.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await buyer.get<InvoiceRow[]>('/api/v1/invoices?per_page=5&page=2');
    expect(second.body).toEqual(response.body.slice(5, 10));
    expect(Number(second.headers.get('x-total-pages'))).toBe(Math.ceil(visibleCount / 5));
  });

  it("hides the EU customer's, the other reseller's and the parent reseller's invoices from the buyer", async () => {
    const seen = references((await list(buyer)).body);
    for (const hidden of ['INV-1201', 'CN-2201', 'INV-1301', 'CN-2301', 'INV-1401']) expect(seen).not.toContain(hidden);
    const all = await list(root);
    expect(Number(all.headers.get('x-total-count'))).toBe(Number((await server.db('invoices').count({ n: '*' }).first())?.['n']));
  });

  it('holds invoices and credit notes of every status in the demo data', async () => {
    const all = (await list(root)).body;
    expect(new Set(all.map((row) => row.status))).toEqual(
      new Set(['PAID_IN_FULL', 'OPEN', 'FULLY_APPLIED', 'PENDING_APPROVAL', 'REJECTED', 'VOIDED']),
    );
    expect(new Set(all.map((row) => row.type))).toEqual(new Set(['INVOICE', 'CREDIT_NOTE']));
    expect(all.filter((row) => row.type === 'CREDIT_NOTE').every((row) => row.total.startsWith('-'))).toBe(true);
    expect(all.find((row) => row.reference === 'INV-1201')?.currency).toBe('EUR');
  });

  it('is 404 for an invoice outside the caller’s tree and shows one inside it', async () => {
    const foreign = await server.db('invoices').where('reference', 'INV-1201').first('id');
    const own = await server.db('invoices').where('reference', 'INV-1101').first('id');
    expect((await buyer.get(`/api/v1/invoices/${foreign.id}`)).status).toBe(404);
    expect((await buyer.get('/api/v1/invoices/999999')).status).toBe(404);
    const shown = await buyer.get<Invoice>(`/api/v1/invoices/${own.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      reference: 'INV-1101',
      organisation: { id: 7, name: 'Customer Co Branch' },
      total: '312.00',
      currency: 'GBP',
    });
    expect(shown.body).not.toHaveProperty('file_name');
    expect(shown.body).not.toHaveProperty('content');
  });

  it('needs invoice:view (403) and a session (401)', async () => {
    expect((await euBuyer.get('/api/v1/invoices')).status).toBe(403);
    expect((await euBuyer.get('/api/v1/invoices/1')).status).toBe(403);
    expect((await server.client().get('/api/v1/invoices')).status).toBe(401);
  });

  it.each<[string, string[]]>([
    ['0', ['CN-2001', 'CN-2002', 'CN-2101', 'INV-1001', 'INV-1002', 'INV-1007', 'INV-1008', 'INV-1009', 'INV-1010', 'INV-1105']],
    ['1-30', ['INV-1003', 'INV-1101']],
    ['31-60', ['INV-1004', 'INV-1102']],
    ['61-90', ['INV-1005', 'INV-1103']],
    ['90+', ['INV-1006', 'INV-1104']],
  ])('filters the days-overdue bucket %s', async (bucket, expected) => {
    const response = await list(buyer, `&days_overdue=${encodeURIComponent(bucket)}`);
    expect(response.status).toBe(200);
    expect(references(response.body)).toEqual(expected);
  });

  it('counts days overdue on open invoices only, from today', async () => {
    const days = Object.fromEntries((await list(buyer)).body.map((row) => [row.reference, row.days_overdue]));
    expect(days).toMatchObject({ 'INV-1001': 0, 'INV-1002': 0, 'INV-1003': 1, 'INV-1101': 30, 'INV-1102': 31, 'INV-1004': 45 });
    expect(days).toMatchObject({ 'INV-1005': 75, 'INV-1103': 90, 'INV-1104': 91, 'INV-1006': 120 });
    expect(days).toMatchObject({ 'INV-1007': 0, 'INV-1009': 0, 'INV-1010': 0, 'CN-2002': 0 });
  });

  it('sorts by days overdue either way, ties in id order', async () => {
    const most = (await list(buyer, '&sort_by=-days_overdue')).body;
    expect(most.slice(0, 3).map((row) => row.reference)).toEqual(['INV-1006', 'INV-1104', 'INV-1103']);
    const fewest = (await list(buyer, '&sort_by=%2Bdays_overdue')).body.map((row) => row.days_overdue);
    expect(fewest).toEqual([...fewest].sort((a, b) => a - b));
  });

  it.each(['date', 'due_date', 'reference', 'purchase_order', 'total', 'status'] as const)('sorts by %s both ways', async (field) => {
    const ascending = (await list(buyer, `&sort_by=%2B${field}`)).body;
    const descending = (await list(buyer, `&sort_by=-${field}`)).body;
    const present = (rows: InvoiceRow[]) => rows.filter((row) => row[field] !== null);
    const compare = (a: InvoiceRow, b: InvoiceRow) => {
      if (field === 'total') return new Decimal(a.total).comparedTo(b.total);
      const [x, y] = [String(a[field]).toLowerCase(), String(b[field]).toLowerCase()];
      return x < y ? -1 : x > y ? 1 : 0;
    };
    expect(present(ascending)).toEqual([...present(ascending)].sort(compare));
    expect(present(descending).map((row) => row[field])).toEqual([...present(ascending)].reverse().map((row) => row[field]));
    // Empty values come last whichever the direction.
    const emptyAt = (rows: InvoiceRow[]) => rows.findIndex((row) => row[field] === null);
    if (emptyAt(ascending) >= 0) expect(ascending.slice(emptyAt(ascending)).every((row) => row[field] === null)).toBe(true);
    if (emptyAt(descending) >= 0) expect(descending.slice(emptyAt(descending)).every((row) => row[field] === null)).toBe(true);
  });

  it('searches reference and purchase order, case-insensitively', async () => {
    expect(references((await list(buyer, '&text=inv-110')).body)).toEqual(['INV-1101', 'INV-1102', 'INV-1103', 'INV-1104', 'INV-1105']);
    expect(references((await list(buyer, '&text=po-br-14')).body)).toEqual(['CN-2101', 'INV-1104']);
  });

  it('filters by organisation subtree, within the caller’s scope', async () => {
    expect(new Set((await list(buyer, '&organisation=7')).body.map((row) => row.organisation?.id))).toEqual(new Set([7]));
    expect(Number((await list(buyer, '&organisation=3')).headers.get('x-total-count'))).toBe(visibleCount);
    expect((await list(buyer, '&organisation=4')).body).toEqual([]);
    const reseller = (await list(root, '&organisation=2')).body;
    expect(new Set(reseller.map((row) => row.organisation?.id))).toEqual(new Set([2, 3, 4, 7]));
  });

  it('filters by date and due-date ranges', async () => {
    const rows = (await list(buyer)).body;
    const middle = [...rows.map((row) => row.date)].sort()[Math.floor(rows.length / 2)]!;
    const from = (await list(buyer, `&start_date=${middle}`)).body;
    expect(from.length).toBe(rows.filter((row) => row.date >= middle).length);
    expect(from.every((row) => row.date >= middle)).toBe(true);
    const to = (await list(buyer, `&end_date=${middle}`)).body;
    expect(to.length).toBe(rows.filter((row) => row.date <= middle).length);
    const due = rows.find((row) => row.reference === 'INV-1003')!.due_date!;
    expect(references((await list(buyer, `&start_due_date=${due}&end_due_date=${due}`)).body)).toEqual(['INV-1003']);
    // Credit notes have no due date, so any due-date bound leaves them out.
    expect((await list(buyer, '&start_due_date=2000-01-01')).body.some((row) => row.type === 'CREDIT_NOTE')).toBe(false);
  });

  it('filters by amount, credit notes being negative', async () => {
    expect(references((await list(buyer, '&value_to=-50')).body)).toEqual(['CN-2001', 'CN-2101']);
    const large = (await list(buyer, '&value_from=1000.00&value_to=3000')).body;
    expect(references(large)).toEqual(['INV-1001', 'INV-1004', 'INV-1103']);
    expect((await list(buyer, '&value_from=abc')).status).toBe(400);
  });

  it('filters by status and by type, each taking several values', async () => {
    const paidOrVoided = (await list(buyer, '&status=PAID_IN_FULL&status=VOIDED')).body;
    expect(references(paidOrVoided)).toEqual(['INV-1007', 'INV-1010', 'INV-1105']);
    expect(references((await list(buyer, '&type=CREDIT_NOTE')).body)).toEqual(['CN-2001', 'CN-2002', 'CN-2101']);
    expect((await list(buyer, '&type=CREDIT_NOTE&status=OPEN')).body.map((row) => row.reference)).toEqual(['CN-2002']);
    expect((await list(buyer, '&status=LOST')).status).toBe(400);
  });

  it('refuses an unknown sort and an unknown bucket', async () => {
    expect((await list(buyer, '&sort_by=%2Bfile_name')).status).toBe(400);
    expect((await list(buyer, '&days_overdue=5')).status).toBe(400);
  });
});
