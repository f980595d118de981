import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogEntry, ProductGroupAddOn, ProductGroupCandidate, ProductGroupProduct } from '../../generated/types';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';

interface Problem {
  code: string;
  parameter?: string;
}

// A group's products and add-on groups (002 §2.9), changed by root admins one tick at a time.
describe('product group members', () => {
  let server: TestServer;
  let rootAdmin: TestClient;
  let rootStaff: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    [rootAdmin, rootStaff] = [server.client(), server.client()];
    await rootAdmin.login('admin@supplier.example');
    await rootStaff.login('staff@supplier.example');
  });
  afterAll(async () => {
    await server.close();
  });

  // Group 5, "Meeting room hardware", has no products in the demo.
  const candidates = async (query = '') =>
    (await rootAdmin.get<ProductGroupCandidate[]>(`/api/v1/productgroups/5/all_products?per_page=96${query}`)).body;

  it('lists every product with whether the group holds it, searchable by name or SKU', async () => {
    const all = await candidates();
    expect(all.length).toBeGreaterThan(5);
    expect(all.every((product) => product.in_group === false)).toBe(true);
    const [first] = all;
    const found = await candidates(`&text=${encodeURIComponent(first!.product_code.toLowerCase())}`);
    expect(found.map((product) => product.id)).toContain(first!.id);
  });

  it('adds a product (audited on the group with its SKU), refuses it twice, and removes it', async () => {
    const [product] = await candidates();
    const added = await rootAdmin.post<ProductGroupProduct>('/api/v1/productgroups/5/products', { product: product!.id });
    expect(added.status).toBe(201);
    expect(added.body.product).toMatchObject({ id: product!.id, product_code: product!.product_code });
    expect((await candidates()).find((candidate) => candidate.id === product!.id)?.in_group).toBe(true);
    const twice = await rootAdmin.post<Problem>('/api/v1/productgroups/5/products', { product: product!.id });
    expect([twice.status, twice.body.code]).toEqual([409, 'duplicate_value']);
    expect((await rootAdmin.post<Problem>('/api/v1/productgroups/5/products', { product: 999999 })).status).toBe(422);
    expect((await rootAdmin.send('DELETE', `/api/v1/productgroups/5/products/${product!.id}`)).status).toBe(204);
    expect((await rootAdmin.send('DELETE', `/api/v1/productgroups/5/products/${product!.id}`)).status).toBe(404);
    const { body: entries } = await rootAdmin.get<AuditLogEntry[]>('/api/v1/productgroups/5/audit_logs');
    expect(
      entries.slice(0, 2).map((entry) => entry.field_changes.map(({ field, old_value, new_value }) => [field, old_value, new_value])),
    ).toEqual([[['products', product!.product_code, null]], [['products', null, product!.product_code]]]);
  });

  it('offers add-on groups to a BASE group only, and only add-on groups', async () => {
    const { body: addOns } = await rootAdmin.get<ProductGroupAddOn[]>('/api/v1/productgroups/3/addon_groups');
    expect(addOns.map((addOn) => [addOn.name, addOn.related])).toEqual([['Zoom add-ons', false]]);
    expect((await rootAdmin.post('/api/v1/productgroups/3/related_groups', { related_product_group: 2 })).status).toBe(201);
    expect((await rootAdmin.get<ProductGroupAddOn[]>('/api/v1/productgroups/3/addon_groups')).body[0]!.related).toBe(true);
    const notBase = await rootAdmin.post<Problem>('/api/v1/productgroups/2/related_groups', { related_product_group: 2 });
    expect([notBase.status, notBase.body.code]).toEqual([422, 'product_group_not_base']);
    const notAddOn = await rootAdmin.post<Problem>('/api/v1/productgroups/3/related_groups', { related_product_group: 1 });
    expect([notAddOn.status, notAddOn.body.code]).toEqual([422, 'product_group_not_add_on']);
    expect((await rootAdmin.send('DELETE', '/api/v1/productgroups/3/related_groups/2')).status).toBe(204);
  });

  it('is for root admins: root staff are refused, a missing group is a 404', async () => {
    expect((await rootStaff.get('/api/v1/productgroups/5/all_products')).status).toBe(403);
    expect((await rootStaff.post('/api/v1/productgroups/5/products', { product: 1 })).status).toBe(403);
    expect((await rootAdmin.get('/api/v1/productgroups/999/all_products')).status).toBe(404);
    expect((await rootAdmin.post('/api/v1/productgroups/999/products', { product: 1 })).status).toBe(404);
  });
});
