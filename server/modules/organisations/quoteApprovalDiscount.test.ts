import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/quotes';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { RESELLER_ADMIN, ROOT_ADMIN, signedIn, type Row } from '../../testing/testUsers';

// 001 §4 approval (docs/quotes.md "Approval"): the discount above which a quote needs approval is
// the sending organisation's quote_approval_discount, set by supplier staff in the organisation
// editor and refused from anyone else (403 forbidden_field), as the editor's other supplier fields.

let server: TestServer;
let root: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  root = await signedIn(server, ROOT_ADMIN);
});
afterAll(async () => server.close());

const put = (client: TestClient, id: number, body: Record<string, unknown>) =>
  client.request<Row>('PUT', `/api/v1/organisations/${id}`, body, { 'x-csrf-token': client.csrfToken() ?? '' });

describe("an organisation's quote approval discount", () => {
  it('is answered with the organisation, set and cleared by a root admin, and within 0–100', async () => {
    const record = (await root.get<Row>('/api/v1/organisations/2')).body;
    expect(record).toHaveProperty('quote_approval_discount');
    const set = await put(root, 2, { ...record, quote_approval_discount: '12.5' });
    expect(set.status, set.text).toBe(200);
    expect(set.body['quote_approval_discount']).toBe('12.50');
    expect((await put(root, 2, { ...set.body, quote_approval_discount: '100.5' })).status).toBe(400);
    const cleared = await put(root, 2, { ...set.body, quote_approval_discount: null });
    expect(cleared.body['quote_approval_discount']).toBeNull();
  });

  it("is the supplier's: a reseller admin sends it back unchanged or is refused", async () => {
    const admin = await signedIn(server, RESELLER_ADMIN);
    const record = (await admin.get<Row>('/api/v1/organisations/3')).body;
    expect((await put(admin, 3, record)).status).toBe(200);
    expectProblem(await put(admin, 3, { ...record, quote_approval_discount: '5' }), 403, 'forbidden_field', 'quote_approval_discount');
  });
});
