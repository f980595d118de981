import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSchemas } from '../generated/apiSchemas';
import openapi from '../generated/openapi.json' with { type: 'json' };
import { operations } from '../generated/operations';
import { CUSTOMER_ORG, GB_ADDRESS, makeBasket } from '../testing/checkoutBaskets';
import { startTestServer, type ApiResponse, type TestClient, type TestServer } from '../testing/testServer';
import { BUYER, RESELLER_ADMIN, ROOT_ADMIN, signedIn, type Row } from '../testing/testUsers';

// Records round-trip (000 §7 "PUT /baskets/{id} with the whole basket", "checkout with the basket";
// 001 §7, 002 §7): every record a GET answers may be sent back unchanged to its PUT. The walk is
// generated from the operation table: a new PUT of a record is in it the moment it is declared.
let server: TestServer;
let callers: TestClient[];
let buyer: TestClient;
let root: TestClient;

type Problem = { code: string; parameter?: string };

beforeAll(async () => {
  server = await startTestServer();
  callers = await Promise.all([ROOT_ADMIN, BUYER, RESELLER_ADMIN].map((email) => signedIn(server, email)));
  [root, buyer] = callers as [TestClient, TestClient];
});
afterAll(async () => server.close());

const toPath = (template: string, id: number) => `/api/v1${template.replace(':id', String(id))}`;
const definitions = apiSchemas.definitions as unknown as Record<string, Record<string, unknown>>;
const bodyName = (schema: object | undefined) =>
  String((schema as { $ref?: string } | undefined)?.$ref ?? '')
    .split('/')
    .pop() ?? '';

const send = (client: TestClient, method: string, path: string, body: unknown, etag?: string | null) =>
  client.request<Row & Problem>(method, path, body, { 'x-csrf-token': client.csrfToken() ?? '', ...(etag && { 'if-match': etag }) });

/** What a record shows apart from the moment it was last written. */
const shown = (record: Row) => Object.fromEntries(Object.entries(record).filter(([name]) => name !== 'updated_at'));

// A PUT of the record itself (its path is its get's): a PUT of something the record holds (a
// user's roles, notifications or two-factor sign-in, /users/{id}/…) replaces that, not the record.
/** Whether the contract declares a gate the handler applies to some calls (x-gate-when). */
const gatedSometimes = (method: string, path: string) =>
  (openapi.paths as unknown as Record<string, Record<string, { 'x-gate-when'?: unknown }>>)[path.replace(/:([a-z_]+)/g, '{$1}')]?.[
    method
  ]?.['x-gate-when'] !== undefined;
const pathOf = (id: string) => operations.find((operation) => operation.id === id)?.path;
const recordPuts = operations.filter(
  (operation) => operation.method === 'put' && operation.record && pathOf(operation.record.get) === operation.path,
);

describe('every PUT of a record', () => {
  it('takes the record back as its GET answers it (the contract marks the rest readOnly)', () => {
    expect(recordPuts.length).toBeGreaterThanOrEqual(7);
    for (const operation of recordPuts) {
      const body = definitions[bodyName(operation.bodySchema)];
      expect(body?.['x-round-trip'], `${operation.id}: its body schema needs round_trip`).toBeDefined();
    }
  });

  it.each(recordPuts.map((operation) => [operation.id, operation] as const))(
    '%s: a record read with GET and sent back unchanged is accepted and stays as it was',
    async (_id, operation) => {
      const get = operations.find((candidate) => candidate.id === operation.record!.get)!;
      const list = operations.find((candidate) => candidate.method === 'get' && candidate.path === get.path.replace('/:id', ''))!;
      expect(list, `a list beside ${get.id}`).toBeDefined();
      const accepted: number[] = [];
      for (const client of callers) {
        const rows = await client.get<Row[]>(`/api/v1${list.path}?per_page=20`);
        if (rows.status !== 200 || !Array.isArray(rows.body)) continue;
        for (const row of rows.body) {
          const before: ApiResponse<Row> = await client.get<Row>(toPath(get.path, row.id));
          if (before.status !== 200) continue;
          const answer = await send(client, 'PUT', toPath(operation.path, row.id), before.body, before.headers.get('etag'));
          // The record's own state may refuse a write (a settled order, a quote no longer a draft),
          // and so may a declared gate (gate_when: root reads, never writes, another's basket),
          // never its shape: no 400 for a field it carries, no 403 for a field sent as it was.
          const declaredGate =
            answer.status === 403 && answer.body.code === 'forbidden' && gatedSometimes(operation.method, operation.path);
          if (declaredGate) continue;
          expect([400, 403, 412, 500], `${operation.id} ${row.id}: ${answer.text}`).not.toContain(answer.status);
          if (answer.status !== 200) continue;
          accepted.push(row.id);
          const after = await client.get<Row>(toPath(get.path, row.id));
          expect(shown(after.body), `${operation.id} ${row.id}`).toEqual(shown(before.body));
          if (accepted.length >= 3) break;
        }
        if (accepted.length >= 3) break;
      }
      expect(accepted.length, `${operation.id}: no record was sent back`).toBeGreaterThan(0);
    },
  );
});

describe('what a round trip still refuses', () => {
  it('a field the caller may not set, sent with another value than the record’s: 403 forbidden_field', async () => {
    const role = (await root.get<Row>('/api/v1/roles/1')).body;
    const flipped = await send(root, 'PUT', '/api/v1/roles/1', { ...role, template: !role['template'] });
    expect([flipped.status, flipped.body.code, flipped.body.parameter]).toEqual([403, 'forbidden_field', 'template']);
    const user = (await root.get<Row>('/api/v1/users/3')).body;
    const moved = await send(root, 'PUT', '/api/v1/users/3', { ...user, organisation: { ...(user['organisation'] as Row), id: 1 } });
    expect([moved.status, moved.body.code, moved.body.parameter]).toEqual([403, 'forbidden_field', 'organisation']);
    expect((await root.get<Row>('/api/v1/users/3')).body['organisation']).toEqual(user['organisation']);
  });

  it('ignores the server’s own fields however they are sent, and refuses an unknown name (400)', async () => {
    const { id } = await makeBasket(server.db, [['GEN-HDMI-5M', 2]]);
    const basket = (await buyer.get<Row>(`/api/v1/baskets/${id}`)).body;
    const forged = await send(buyer, 'PUT', `/api/v1/baskets/${id}`, {
      ...basket,
      total: '0.01',
      finance_approved: true,
      created_by: { id: 1, name: 'x' },
    });
    expect(forged.status, forged.text).toBe(200);
    // 2 × 9.50, priced by the server whatever total was sent.
    expect(forged.body).toMatchObject({ total: '19.00', finance_approved: basket['finance_approved'], created_by: basket['created_by'] });
    const unknown = await send(buyer, 'PUT', `/api/v1/baskets/${id}`, { ...basket, colour: 'blue' });
    expect([unknown.status, unknown.body.code, unknown.body.parameter]).toEqual([400, 'invalid_body', 'colour']);
  });

  it('takes a shipping type shown as { id, name } as that id', async () => {
    const { id } = await makeBasket(server.db, [['GEN-HDMI-5M', 2]]);
    const basket = (await buyer.get<Row>(`/api/v1/baskets/${id}`)).body;
    const saved = await send(buyer, 'PUT', `/api/v1/baskets/${id}`, {
      ...basket,
      shipping_type: { id: 1, name: 'whatever the client showed' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.body['shipping_type'] as Row).id).toBe(1);
  });
});

describe('POST /baskets/{id}/checkout with the basket', () => {
  it('places the order of a basket sent as GET answered it, its lines as GET /line_items answered them', async () => {
    const { id } = await makeBasket(server.db, [['GEN-HDMI-5M', 2]], {
      ...GB_ADDRESS,
      shipping_type_id: 1,
      purchase_order_number: `RT-${Date.now()}`,
    });
    const basket = (await buyer.get<Row>(`/api/v1/baskets/${id}`)).body;
    const lines = (await buyer.get<Row[]>(`/api/v1/baskets/${id}/line_items`)).body;
    expect(basket['organisation']).toMatchObject({ id: CUSTOMER_ORG });
    const placed = await send(buyer, 'POST', `/api/v1/baskets/${id}/checkout`, { ...basket, line_items: lines });
    expect(placed.status, placed.text).toBe(201);
  });

  it('refuses a basket whose name was changed on the way (the checkout does not rename): 403 forbidden_field', async () => {
    const { id } = await makeBasket(server.db, [['GEN-HDMI-5M', 2]], {
      ...GB_ADDRESS,
      shipping_type_id: 1,
      purchase_order_number: `RT-${Date.now()}-2`,
    });
    const basket = (await buyer.get<Row>(`/api/v1/baskets/${id}`)).body;
    const renamed = await send(buyer, 'POST', `/api/v1/baskets/${id}/checkout`, { ...basket, name: 'Another name' });
    expect([renamed.status, renamed.body.code, renamed.body.parameter]).toEqual([403, 'forbidden_field', 'name']);
  });
});
