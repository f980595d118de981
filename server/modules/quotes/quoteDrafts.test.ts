import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { addRootUsers, RESELLER_ADMIN, ROOT_ADMIN, ROOT_NO_ROLE_USER, ROOT_SALES_USER, signedIn, type Row } from '../../testing/testUsers';
import { writeVersionedRows } from '../../testing/versionedRows';

// The quote editor's details (001 §2, §5, §7): demo organisation 2 (Reseller Partners, GBP) has a
// linked account and a catalogue; here EU Customer (4, EUR) gets them too, so a draft can change
// recipient; Customer Co (3) has neither. Demo quote 13 is a DRAFT to 2 with line items, 14 is PUBLISHED.

let server: TestServer;
let root: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  await addRootUsers(server.db);
  await writeVersionedRows(server.db, (trx) => trx('organisations').where('id', 4).update({ is_linked: true, catalogue_id: 2 }));
  root = await signedIn(server, ROOT_ADMIN);
});
afterAll(async () => server.close());

const details = {
  organisation_to: 2,
  recipient_name: 'Rita Reseller',
  recipient_email: 'rita@reseller.example',
  name: 'Spring refresh',
  purchase_order_number: 'PO-77',
  expiry_date: '2026-12-31',
};
const quoteCount = async () => Number(((await server.db('quotes').count('* as n').first()) as { n: number | string }).n);
const lineCount = async (id: number) =>
  Number(((await server.db('quote_line_items').where('quote_id', id).count('* as n').first()) as { n: number | string }).n);

function expectProblem(response: { status: number; headers: Headers; body: unknown }, status: number, code: string, parameter?: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect(response.body).toMatchObject({ code, message_key: `problem.${code}`, ...(parameter && { parameter }) });
}

describe('POST /quotes', () => {
  it("creates a DRAFT sent by the caller's organisation, dated now, in the recipient's currency", async () => {
    const before = Date.now();
    const response = await root.post<Row>('/api/v1/quotes', details);
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      ...details,
      organisation_from: { id: 1 },
      organisation_to: { id: 2 },
      quote_status: 'DRAFT',
      currency: 'GBP',
      total: '0.00',
      created_by_user: { name: expect.any(String) },
    });
    expect(Date.parse(String(response.body['date']))).toBeGreaterThanOrEqual(before - 1000);
    const draft = await root.get<Row>(`/api/v1/quotes/outward/${response.body.id}/draft`);
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ id: response.body.id, name: 'Spring refresh' });
  });

  it('takes a recipient in another currency in that currency, and needs only the recipient and a name', async () => {
    const response = await root.post<Row>('/api/v1/quotes', { organisation_to: 4, name: 'EU quote' });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      currency: 'EUR',
      recipient_name: null,
      recipient_email: null,
      purchase_order_number: null,
      expiry_date: null,
    });
  });

  it('refuses a recipient not below the caller (its own organisation, or none) as out of scope, writing nothing', async () => {
    const before = await quoteCount();
    expectProblem(await root.post('/api/v1/quotes', { ...details, organisation_to: 1 }), 422, 'outside_scope', 'organisation_to');
    expectProblem(await root.post('/api/v1/quotes', { ...details, organisation_to: 999 }), 422, 'outside_scope', 'organisation_to');
    expect(await quoteCount()).toBe(before);
  });

  it('refuses a recipient without a linked account or without a catalogue', async () => {
    const before = await quoteCount();
    expectProblem(
      await root.post('/api/v1/quotes', { ...details, organisation_to: 3 }),
      422,
      'quote_recipient_ineligible',
      'organisation_to',
    );
    await writeVersionedRows(server.db, (trx) => trx('organisations').where('id', 5).update({ is_linked: true, catalogue_id: null }));
    expectProblem(
      await root.post('/api/v1/quotes', { ...details, organisation_to: 5 }),
      422,
      'quote_recipient_ineligible',
      'organisation_to',
    );
    await writeVersionedRows(server.db, (trx) => trx('organisations').where('id', 5).update({ is_linked: false, catalogue_id: 1 }));
    expectProblem(
      await root.post('/api/v1/quotes', { ...details, organisation_to: 5 }),
      422,
      'quote_recipient_ineligible',
      'organisation_to',
    );
    expect(await quoteCount()).toBe(before);
  });

  it('names a quote sent without a name, or with a blank one, "New quote (date time)" in the user\'s time zone (001 §4)', async () => {
    const { name: _name, ...nameless } = details;
    for (const body of [nameless, { ...details, name: '   ' }, { ...details, name: null }]) {
      const response = await root.post<Row>('/api/v1/quotes', body);
      expect(response.status, response.text).toBe(201);
      expect(String(response.body['name'])).toMatch(/^New quote \(\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\)$/);
    }
  });

  it('refuses a body with the name too long, a bad e-mail, a PO over 45 or an unknown field', async () => {
    for (const body of [
      { ...details, name: 'x'.repeat(46) },
      { ...details, recipient_email: 'not-an-email' },
      { ...details, purchase_order_number: 'p'.repeat(46) },
      { ...details, colour: 'blue' },
    ]) {
      expectProblem(await root.post('/api/v1/quotes', body), 400, 'invalid_body');
    }
  });

  // A copy sends the quote as its GET shows it (001 §7 "also used for copy"): what the server
  // fills (status, currency, total) is readOnly and ignored.
  it('fills status and currency itself, whatever a copied quote carries', async () => {
    const made = await root.post<Row>('/api/v1/quotes', { ...details, quote_status: 'PUBLISHED', currency: 'EUR', total: '1.00' });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ quote_status: 'DRAFT', currency: 'GBP', total: '0.00' });
  });

  it('is for root users with quote:create: 401 signed out, 403 for a reseller admin and a root user without the permission', async () => {
    expectProblem(await server.client().post('/api/v1/quotes', details), 401, 'unauthenticated');
    expectProblem(await (await signedIn(server, RESELLER_ADMIN)).post('/api/v1/quotes', details), 403, 'forbidden');
    expectProblem(await (await signedIn(server, ROOT_NO_ROLE_USER)).post('/api/v1/quotes', details), 403, 'forbidden');
    expect((await (await signedIn(server, ROOT_SALES_USER)).post('/api/v1/quotes', details)).status).toBe(201);
  });
});

describe('PUT /quotes/{id}', () => {
  it("replaces a draft's details, keeping its lines while the recipient stays", async () => {
    const lines = await lineCount(13);
    expect(lines).toBeGreaterThan(0);
    const response = await root.send<Row>('PUT', '/api/v1/quotes/13', { ...details, name: 'Renamed draft' });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      id: 13,
      name: 'Renamed draft',
      recipient_name: 'Rita Reseller',
      purchase_order_number: 'PO-77',
      quote_status: 'DRAFT',
      currency: 'GBP',
    });
    expect(await lineCount(13)).toBe(lines);
    // Left out of the body, a detail is emptied: the editor sends them all.
    const emptied = await root.send<Row>('PUT', '/api/v1/quotes/13', {
      organisation_to: 2,
      name: 'Renamed draft',
      recipient_name: 'Rita Reseller',
    });
    expect(emptied.body).toMatchObject({
      recipient_name: 'Rita Reseller',
      recipient_email: null,
      purchase_order_number: null,
      expiry_date: null,
    });
  });

  it("a new recipient drops the line items and takes the recipient's currency", async () => {
    const response = await root.send<Row>('PUT', '/api/v1/quotes/13', { organisation_to: 4, name: 'For EU' });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ organisation_to: { id: 4 }, recipient_name: null, recipient_email: null, currency: 'EUR' });
    expect(await lineCount(13)).toBe(0);
    const lines = await root.get<Row[]>('/api/v1/quotes/outward/13/line_items');
    expect(lines.body).toEqual([]);
  });

  it('applies the recipient rules, changing nothing when refused', async () => {
    const created = (await root.post<Row>('/api/v1/quotes', details)).body;
    expectProblem(
      await root.send('PUT', `/api/v1/quotes/${created.id}`, { ...details, organisation_to: 3 }),
      422,
      'quote_recipient_ineligible',
      'organisation_to',
    );
    expectProblem(
      await root.send('PUT', `/api/v1/quotes/${created.id}`, { ...details, organisation_to: 1 }),
      422,
      'outside_scope',
      'organisation_to',
    );
    expect((await root.get<Row>(`/api/v1/quotes/outward/${created.id}`)).body).toMatchObject({
      organisation_to: { id: 2 },
      recipient_name: 'Rita Reseller',
    });
  });

  it("is 404 for a quote no longer a draft or none, 403 for another organisation's draft, and changes nothing", async () => {
    const published = await server.db('quotes').where('id', 14).first();
    const [foreign] = (await server
      .db('quotes')
      .insert({ ...(await server.db('quotes').where('id', 13).first()), id: undefined, organisation_from_id: 2, organisation_to_id: 3 })
      .returning('id')) as ({ id: number } | number)[];
    const foreignId = typeof foreign === 'object' ? foreign.id : foreign!;
    for (const id of [14, 15, 999]) {
      expectProblem(await root.send('PUT', `/api/v1/quotes/${id}`, details), 404, 'not_found');
      expectProblem(await root.get(`/api/v1/quotes/outward/${id}/draft`), 404, 'not_found');
    }
    expectProblem(await root.send('PUT', `/api/v1/quotes/${foreignId}`, details), 403, 'forbidden');
    expectProblem(await root.get(`/api/v1/quotes/outward/${foreignId}/draft`), 403, 'forbidden');
    expect(await server.db('quotes').where('id', 14).first()).toEqual(published);
  });

  it('is for root users with quote:amend: 401, 403, and 400 for a bad body', async () => {
    expectProblem(await server.client().send('PUT', '/api/v1/quotes/13', details), 401, 'unauthenticated');
    expectProblem(await server.client().get('/api/v1/quotes/outward/13/draft'), 401, 'unauthenticated');
    const reseller = await signedIn(server, RESELLER_ADMIN);
    expectProblem(await reseller.send('PUT', '/api/v1/quotes/13', details), 403, 'forbidden');
    expectProblem(await reseller.get('/api/v1/quotes/outward/13/draft'), 403, 'forbidden');
    expectProblem(await (await signedIn(server, ROOT_NO_ROLE_USER)).send('PUT', '/api/v1/quotes/13', details), 403, 'forbidden');
    expectProblem(await root.send('PUT', '/api/v1/quotes/13', { ...details, colour: 'blue' }), 400, 'invalid_body');
    expectProblem(await root.send('PUT', '/api/v1/quotes/13', { ...details, organisation_to: 'two' }), 400, 'invalid_body');
  });
});

describe('GET /organisations/picker?has_catalogue', () => {
  it('narrows the choices to organisations with (or without) a catalogue', async () => {
    const ids = async (query: string) =>
      (await root.get<Row[]>(`/api/v1/organisations/picker?${query}`)).body.map((row) => row.id).sort((a, b) => a - b);
    const withCatalogue = (await server.db('organisations').whereNotNull('catalogue_id').select('id'))
      .map((row: { id: number }) => row.id)
      .sort((a, b) => a - b);
    expect(await ids('has_catalogue=true')).toEqual(withCatalogue);
    expect(await ids('has_catalogue=true&is_linked=true')).toEqual([1, 2, 4]);
    expect((await ids('has_catalogue=false')).some((id) => withCatalogue.includes(id))).toBe(false);
  });
});
