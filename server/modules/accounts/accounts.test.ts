import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { MAX_REQUESTS_PER_IP } from './handlers';

const valid = {
  first_name: ' Ada ',
  last_name: 'Lovelace',
  email_address: 'ada@analytical.example',
  contact_number: '+44 (0)20 7946-0018',
  company_name: 'Analytical Engines',
  company_type: 'reseller',
  vendors_of_interest: ['cisco', 'zoom'],
  requirements: 'Video rooms for 12 sites',
};

describe('register interest', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ demo: false });
  });
  afterAll(async () => {
    await server.close();
  });

  it('stores a request from an anonymous visitor, trimmed', async () => {
    const response = await server.client().post<{ id: number }>('/api/v1/public/request_account', valid);
    expect(response.status).toBe(201);
    const row = await server.db('account_requests').where('id', response.body.id).first();
    expect(row.first_name).toBe('Ada');
    expect(JSON.parse(row.vendors_of_interest)).toEqual(['cisco', 'zoom']);
    expect(Number(row.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each([
    ['email_address', { email_address: 'not-an-email' }],
    ['email_address', { email_address: 'a@b.c' }],
    ['contact_number', { contact_number: '0800 CALL ME' }],
    ['contact_number', { contact_number: '0'.repeat(26) }],
    ['company_name', { company_name: 'x'.repeat(26) }],
    ['first_name', { first_name: 'x'.repeat(256) }],
    ['company_type', { company_type: 'distributor' }],
    ['vendors_of_interest', { vendors_of_interest: ['acme'] }],
    ['last_name', { last_name: undefined }],
    ['first_name', { first_name: '   ' }],
  ])('refuses a bad %s with a 400 naming it and stores nothing', async (parameter, change) => {
    const before = Number((await server.db('account_requests').count({ n: '*' }).first())?.['n']);
    const response = await server.client().post('/api/v1/public/request_account', { ...valid, ...change });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_body' });
    expect(String((response.body as { parameter: string }).parameter)).toContain(parameter);
    expect(Number((await server.db('account_requests').count({ n: '*' }).first())?.['n'])).toBe(before);
  });

  it('limits how many requests one address may send an hour, with Retry-After', async () => {
    const client = server.client();
    const sent = Number((await server.db('account_requests').count({ n: '*' }).first())?.['n']);
    const room = MAX_REQUESTS_PER_IP - sent;
    for (let request = 0; request < room; request++) {
      expect(
        (await client.post('/api/v1/public/request_account', { ...valid, email_address: `ada${request}@analytical.example` })).status,
      ).toBe(201);
    }
    const refused = await client.post('/api/v1/public/request_account', valid);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'request_rate_limited', message_key: 'problem.request_rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // An hour later the address may send again.
    await server.db('account_requests').update({ created_at: Date.now() - 61 * 60_000 });
    expect((await client.post('/api/v1/public/request_account', valid)).status).toBe(201);
  });

  it('counts requests sent side by side: a burst gets no more than the allowance', async () => {
    await server.db('account_requests').delete();
    const client = server.client();
    await client.get('/healthz');
    const burst = await Promise.all(
      Array.from({ length: 3 * MAX_REQUESTS_PER_IP }, (_, request) =>
        client.post('/api/v1/public/request_account', { ...valid, email_address: `burst${request}@analytical.example` }),
      ),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_REQUESTS_PER_IP);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * MAX_REQUESTS_PER_IP);
    expect(Number((await server.db('account_requests').count({ n: '*' }).first())?.['n'])).toBe(MAX_REQUESTS_PER_IP);
  });
});
