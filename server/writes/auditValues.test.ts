import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GB_ADDRESS, makeBasket } from '../testing/checkoutBaskets';
import { startTestServer, type TestClient, type TestServer } from '../testing/testServer';
import { BUYER, ROOT_ADMIN, signedIn, type Row } from '../testing/testUsers';

// Issue 22 item 15: the audit log keeps what the record screen can show: an order placed at
// checkout is created under its real name, its date as an instant, its references by name.
// Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
let server: TestServer;
let buyer: TestClient;
let root: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  [buyer, root] = await Promise.all([signedIn(server, BUYER), signedIn(server, ROOT_ADMIN)]);
});
afterAll(async () => server.close());

type Entry = {
  action: string;
  entity_type: string;
  field_changes: { field: string; old_value: string | null; new_value: string | null }[];
};

describe('the audit entry of an order placed at checkout', () => {
  it('carries its real name, an ISO date, and its organisation, creator and shipping method by name', async () => {
    const { id } = await makeBasket(server.db, [['GEN-HDMI-5M', 2]], {
      ...GB_ADDRESS,
      shipping_type_id: 1,
      purchase_order_number: `AUD-${Date.now()}`,
    });
    const placed = await buyer.post<Row>(`/api/v1/baskets/${id}/checkout`, {});
    expect(placed.status, placed.text).toBe(201);
    const entries = (await root.get<Entry[]>(`/api/v1/orders/${placed.body.id}/audit_logs?sort_by=%2Btimestamp`)).body;
    const created = entries.find((entry) => entry.action === 'CREATE')!;
    expect(created.entity_type).toBe('order');
    const value = (field: string) => created.field_changes.find((change) => change.field === field)?.new_value;
    expect(value('name')).toBe(placed.body['name']);
    expect(value('date')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(value('organisation')).toBe('Customer Co Ltd');
    expect(value('created_by_user')).toBe('Bob Buyer');
    const shipping = (await server.db('shipping_types').where('id', 1).first('name')) as { name: string };
    expect(value('shipping_type')).toBe(shipping.name);
    // Codes stay codes (the tab labels them in the reader's language); no second entry renames it.
    expect(value('order_type')).toBe('SALES_ORDER');
    expect(entries.flatMap((entry) => entry.field_changes).filter((change) => change.field === 'name')).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain('HUB-new');
  });
});
