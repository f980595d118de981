import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors';
import { makeBasket } from '../testing/checkoutBaskets';
import { startTestServer, type TestServer } from '../testing/testServer';
import { BUYER, RESELLER_ADMIN, ROOT_ADMIN, signedIn } from '../testing/testUsers';
import { SYSTEM_ACTOR, inTransaction } from '../writes/records';

interface Problem {
  code: string;
  message_key: string;
  parameter?: string;
}

/**
 * Issue 22 item 6: bounds. Quantities and amounts stop where their columns do (400, not a 500 on
 * PostgreSQL or a float on SQLite); a NUL character in any text is a 400 on both databases; a
 * request line or headers too large answer application/problem+json; the metrics export refuses
 * more account managers than its file holds instead of running into the SQL variable limit.
 */
describe('bounds', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  /** A raw request, so headers past Node's limit can be sent (fetch refuses to). */
  function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; body: Problem }> {
    const { port } = new URL(server.baseUrl);
    return new Promise((resolve, reject) => {
      const call = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', body: JSON.parse(text) as Problem }),
        );
      });
      call.on('error', reject);
      call.end();
    });
  }

  it('refuses a NUL character in a query (GET /public/webstore?text=%00) with a 400 problem', async () => {
    const answer = await server.client().get<Problem>('/api/v1/public/webstore?text=%00');
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(answer.body).toMatchObject({ code: 'invalid_parameter', parameter: 'text' });
  });

  it('refuses a NUL character in a body (a role name) with a 400 problem naming the field, storing nothing', async () => {
    const admin = await signedIn(server, RESELLER_ADMIN);
    const organisation = Number(
      ((await server.db('users').where('email_address', RESELLER_ADMIN).first('organisation_id')) as { organisation_id: number })
        .organisation_id,
    );
    const answer = await admin.post<Problem>('/api/v1/roles', { name: 'Night\u0000shift', organisation });
    expect([answer.status, answer.body.code, answer.body.parameter]).toEqual([400, 'invalid_body', 'name']);
    expect(await server.db('roles').where('name', 'like', 'Night%').first('id')).toBeUndefined();
  });

  it.each([
    ['headers', '/api/v1/whoami', { 'x-padding': 'a'.repeat(100_000) }],
    ['request line', `/api/v1/public/webstore?text=${'a'.repeat(100_000)}`, {}],
  ])('answers %s too large as application/problem+json (431 headers_too_large)', async (_what, path, headers) => {
    const answer = await raw(path, headers);
    expect(answer.status).toBe(431);
    expect(answer.type).toMatch(/application\/problem\+json/);
    expect(answer.body).toMatchObject({ code: 'headers_too_large', message_key: 'problem.headers_too_large' });
  });

  it('refuses a metrics export naming tens of thousands of account managers (400, not too many SQL variables)', async () => {
    const root = await signedIn(server, ROOT_ADMIN);
    const answer = await root.post<Problem>('/api/v1/metrics/export', {
      account_managers: Array.from({ length: 50_000 }, (_, i) => i + 1),
    });
    expect([answer.status, answer.body.code, answer.body.parameter]).toEqual([400, 'invalid_body', 'account_managers']);
    // A thousand is the file's own limit, and works.
    expect((await root.post('/api/v1/metrics/export', { account_managers: Array.from({ length: 1000 }, (_, i) => i + 1) })).status).toBe(
      200,
    );
  });

  it('bounds a line quantity at 1,000,000 on every path that sets one, as the quick order does', async () => {
    const buyer = await signedIn(server, BUYER);
    const { id } = await makeBasket(server.db, []);
    const product = ((await server.db('products').where('product_code', 'LOGI-RALLY-BAR').first('id')) as { id: number }).id;
    const answer = await buyer.post<Problem>(`/api/v1/baskets/${id}/line_items`, { product, quantity: 2_147_483_647 });
    expect([answer.status, answer.body.code, answer.body.parameter]).toEqual([400, 'invalid_body', 'quantity']);
    expect((await buyer.post(`/api/v1/baskets/${id}/line_items`, { product, quantity: 1_000_000 })).status).toBe(201);
  });

  it('refuses an amount past what its column holds in the write path (400 value_too_large), on both databases', async () => {
    const { id } = await makeBasket(server.db, []);
    const write = (total: string) => inTransaction(server.db, SYSTEM_ACTOR, (records) => records.update('basket', id, { total }));
    const refused = await write('1000000000000000.00').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'value_too_large', details: { field: 'total' } });
    // Exact up to 2^53 - 1 scaled, on SQLite's reads too; one ten-thousandth more is refused.
    expect(await write('900719925474.0992').catch((error: unknown) => error)).toMatchObject({ code: 'value_too_large' });
    await write('900719925474.0991');
    expect(String(((await server.db('baskets').where('id', id).first('total')) as { total: string | number }).total)).toBe(
      '9007199254740991',
    );
  });
});
