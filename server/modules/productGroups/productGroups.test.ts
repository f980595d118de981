import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductGroup } from '../../generated/types';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';

describe('product groups', () => {
  let server: TestServer;
  let root: TestClient;
  let resellerAdmin: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    [root, resellerAdmin] = [server.client(), server.client()];
    await root.login('admin@supplier.example');
    await resellerAdmin.login('admin@reseller.example');
  });
  afterAll(async () => {
    await server.close();
  });

  const names = async (query = '') =>
    (await root.get<ProductGroup[]>(`/api/v1/productgroups?per_page=96${query}`)).body.map((row) => row.name);

  it('lists every group by name for root, 24 a page, with paging headers', async () => {
    const response = await root.get<ProductGroup[]>('/api/v1/productgroups');
    expect(response.headers.get('x-total-count')).toBe('5');
    expect(response.headers.get('x-total-pages')).toBe('1');
    const all = response.body.map((row) => row.name);
    expect(all).toEqual([...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const second = await root.get<ProductGroup[]>('/api/v1/productgroups?per_page=2&page=2');
    expect(second.headers.get('x-total-pages')).toBe('3');
    expect(second.body.map((row) => row.name)).toEqual(all.slice(2, 4));
  });

  it('holds a live Zoom base group with products, an add-on group and a draft', async () => {
    expect(await names('&subscription_type=ZOOM&subscription_product_type=BASE&status=LIVE')).toEqual(['Zoom Workplace plans']);
    expect(await names('&subscription_product_type=ADD_ON')).toEqual(['Zoom add-ons']);
    expect(await names('&status=DRAFT')).toEqual(['Acronis backup bundles', 'Meeting room hardware']);
    const members = await server.db('product_group_products').where('product_group_id', 1).count({ n: '*' }).first();
    expect(Number(members?.['n'])).toBeGreaterThan(0);
  });

  it('filters by text over name and description, subscription type and grading range', async () => {
    expect(await names('&text=TEAM plans')).toEqual(['Dropbox business']);
    expect(await names('&text=webinars')).toEqual(['Zoom add-ons']);
    expect(await names('&subscription_type=DROPBOX&subscription_type=ACRONIS')).toEqual(['Acronis backup bundles', 'Dropbox business']);
    expect(await names('&grading_from=2&grading_to=3')).toEqual(['Dropbox business', 'Zoom add-ons']);
  });

  it('sorts by grading and status', async () => {
    expect(await names('&sort_by=-grading&grading_from=0')).toEqual([
      'Acronis backup bundles',
      'Dropbox business',
      'Zoom add-ons',
      'Zoom Workplace plans',
    ]);
    expect((await names('&sort_by=%2Bstatus')).slice(0, 2).sort()).toEqual(['Acronis backup bundles', 'Meeting room hardware']);
  });

  it('is root only: 403 for an admin of another organisation, 404 for a missing group', async () => {
    expect((await resellerAdmin.get('/api/v1/productgroups')).status).toBe(403);
    expect((await resellerAdmin.get('/api/v1/productgroups/1')).status).toBe(403);
    expect((await root.get<ProductGroup>('/api/v1/productgroups/1')).body).toMatchObject({ id: 1, status: 'LIVE', grading: 1 });
    expect((await root.get('/api/v1/productgroups/999')).status).toBe(404);
  });
});
