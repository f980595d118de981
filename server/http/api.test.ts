import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer';

describe('the API surface', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers /healthz while the database is reachable', async () => {
    const response = await server.client().get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI 3.1 contract', async () => {
    const response = await server.client().get<{ openapi: string; paths: Record<string, unknown> }>('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        '/products',
        '/products/{id}',
        '/public/webstore',
        '/public/webstore/{id}',
        '/whoami',
        '/auth/login',
        '/vendors',
        '/product_types',
        '/public/request_account',
      ]),
    );
  });

  it.each(['/api/v1/no-such-thing', '/api/v1/products/1/no-such-part', '/api/v1/public/no-such-thing'])(
    'answers an unknown API path (%s) with a 404 problem',
    async (path) => {
      const response = await server.client().get(path);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'not_found', message_key: 'problem.not_found' });
    },
  );

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['per_page=500', 'per_page'],
    ['sort_by=-colour', 'sort_by'],
    ['value_from=12.3.4', 'value_from'],
    ['value_from=-5', 'value_from'],
    ['vendor=abc', 'vendor'],
    ['currency=USD', 'currency'],
    ['value_from=50&value_to=10', 'value_to'],
    ['page=99999999999999999999', 'page'],
    ['page=1000001', 'page'],
  ])('rejects %s with a 400 naming %s', async (query, parameter) => {
    const response = await server.client().get(`/api/v1/public/webstore?${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body).toMatchObject({
      status: 400,
      code: 'invalid_parameter',
      parameter,
      title: `The parameter ${parameter} is not valid.`,
    });
  });

  it('checks who calls before what they send: a signed-out caller gets 401 whatever the parameters', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/v1/products?page=abc')).status).toBe(401);
    expect((await anonymous.get('/api/v1/products/abc')).status).toBe(401);
    expect((await anonymous.get('/api/v1/orders?sort_by=-colour')).status).toBe(401);
  });

  it('takes arrays as repeated parameters, with or without brackets', async () => {
    const client = server.client();
    const plain = await client.get<{ id: number }[]>('/api/v1/public/webstore?vendor=1&vendor=2&per_page=96');
    const bracketed = await client.get<{ id: number }[]>('/api/v1/public/webstore?vendor[]=1&vendor[]=2&per_page=96');
    expect(bracketed.status).toBe(200);
    expect(bracketed.body.map((row) => row.id)).toEqual(plain.body.map((row) => row.id));
    const all = await client.get('/api/v1/public/webstore?per_page=96');
    expect(Number(bracketed.headers.get('x-total-count'))).toBeLessThan(Number(all.headers.get('x-total-count')));
    expect((await client.get('/api/v1/public/webstore?vendor[]=abc')).body).toMatchObject({ parameter: 'vendor' });
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const client = server.client();
    await client.get('/healthz');
    const response = await client.request('POST', '/api/v1/auth/login', '{"email_address":', {
      'x-csrf-token': client.cookie('hub_csrf') ?? '',
      'content-type': 'application/json',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'bad_request' });
  });

  it('answers a body with unknown or missing fields with 400 naming the field', async () => {
    const client = server.client();
    const missing = await client.post('/api/v1/auth/login', { email_address: 'a@b.example' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'invalid_body', parameter: 'password' });
    const extra = await client.post('/api/v1/auth/login', { email_address: 'a@b.example', password: 'x', admin: true });
    expect(extra.status).toBe(400);
    expect(extra.body).toMatchObject({ code: 'invalid_body', parameter: 'admin' });
  });

  it('serves the generic vendor and product type lists with paging headers', async () => {
    const vendors = await server.client().get<{ id: number; name: string }[]>('/api/v1/vendors');
    expect(vendors.status).toBe(200);
    expect(vendors.body.length).toBeGreaterThanOrEqual(8);
    expect(Number(vendors.headers.get('x-total-count'))).toBe(vendors.body.length);
    const names = vendors.body.map((vendor) => vendor.name);
    expect(names.map((name) => name.toLowerCase())).toEqual(names.map((name) => name.toLowerCase()).sort());
    const types = await server.client().get<unknown[]>('/api/v1/product_types?per_page=2&sort_by=-name');
    expect(types.body).toHaveLength(2);
    expect(Number(types.headers.get('x-total-pages'))).toBeGreaterThanOrEqual(3);
  });

  it('sets security headers', async () => {
    const response = await server.client().get('/api/v1/vendors');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
