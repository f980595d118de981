import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer';

/** The readable API reference beside the OpenAPI contract (GET /api/v1/docs). */
describe('the API reference page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ demo: false });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 200 text/html to anyone, listing the operations of the contract', async () => {
    const response = await server.client().get<string>('/api/v1/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.text).toContain('<article class="operation" id="op-listOrders">');
    expect(response.text).toContain('<span class="method method--get">GET</span> <code>/api/v1/orders</code>');
    expect(response.text).toContain('<dt>Permission</dt><dd><code>order:view</code> (admins hold every permission)</dd>');
    const contract = await server.client().get<{ paths: Record<string, Record<string, { operationId: string }>> }>('/api/v1/openapi.json');
    for (const methods of Object.values(contract.body.paths)) {
      for (const operation of Object.values(methods)) expect(response.text).toContain(`id="op-${operation.operationId}"`);
    }
  });

  it('keeps the server content security policy: no script on the page, none allowed', async () => {
    const response = await server.client().get<string>('/api/v1/docs');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.text).not.toMatch(/<script/i);
  });
});
