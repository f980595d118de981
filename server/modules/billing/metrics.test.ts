import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricsAccountManager } from '../../generated/types';
import { DEMO_ACCOUNT_MANAGERS } from '../../../seeds/demo/billing';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';

describe('sales metrics', () => {
  let server: TestServer;
  let root: TestClient;
  let resellerAdmin: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    root = server.client();
    resellerAdmin = server.client();
    await root.login('admin@supplier.example');
    await resellerAdmin.login('admin@reseller.example');
  });
  afterAll(async () => {
    await server.close();
  });

  const list = (query = '') => root.get<MetricsAccountManager[]>(`/api/v1/metrics?${query}`);
  const gbpOf = (manager: (typeof DEMO_ACCOUNT_MANAGERS)[number], periods: ('week' | 'month' | 'quarter')[]) =>
    periods.reduce((sum, period) => sum.plus(manager[period][2]), new Decimal(0));

  it('lists every account manager by name with its week, month and quarter, and paging headers', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('x-total-count'))).toBe(DEMO_ACCOUNT_MANAGERS.length);
    expect(Number(response.headers.get('x-total-pages'))).toBe(1);
    expect(response.body.map((manager) => manager.name)).toEqual(DEMO_ACCOUNT_MANAGERS.map((manager) => manager.name).sort());
    const alice = response.body.find((manager) => manager.name === 'Alice Archer')!;
    expect(alice.periods.map((period) => period.period)).toEqual(['week', 'month', 'quarter']);
    expect(alice.periods[1]).toMatchObject({ new_orgs: 3, orders: 21, sales_gbp: '18750.50', sales_eur: '21938.09', sales_usd: '23813.14' });
    expect(alice).toMatchObject({ new_on_hub: 12, sales_num: 91, sales_gbp: '84150.50' });
    const paged = await list('per_page=2&page=3');
    expect(paged.body.map((manager) => manager.name)).toEqual(['Erin Evans']);
    expect(Number(paged.headers.get('x-total-pages'))).toBe(3);
  });

  it('filters by period: the periods shown and the sums follow', async () => {
    const rows = (await list('time_period=month&time_period=week')).body;
    for (const row of rows) {
      expect(row.periods.map((period) => period.period)).toEqual(['week', 'month']);
      const seeded = DEMO_ACCOUNT_MANAGERS.find((manager) => manager.name === row.name)!;
      expect(new Decimal(row.sales_gbp).equals(gbpOf(seeded, ['week', 'month']))).toBe(true);
      expect(row.new_on_hub).toBe(seeded.week[0] + seeded.month[0]);
    }
  });

  it('filters by account manager', async () => {
    const [first, second] = DEMO_ACCOUNT_MANAGERS;
    const rows = (await list(`account_managers=${first!.id}&account_managers=${second!.id}`)).body;
    expect(rows.map((row) => row.id).sort()).toEqual([first!.id, second!.id].sort());
  });

  it.each(['new_on_hub', 'sales_num', 'sales_usd', 'sales_eur', 'sales_gbp'] as const)('sorts by %s both ways, over the periods shown', async (field) => {
    const value = (row: MetricsAccountManager) => new Decimal(row[field]);
    const ascending = (await list(`sort_by=%2B${field}&time_period=quarter`)).body;
    const descending = (await list(`sort_by=-${field}&time_period=quarter`)).body;
    const values = ascending.map(value);
    expect(values.every((item, index) => index === 0 || item.gte(values[index - 1]!))).toBe(true);
    const down = descending.map(value);
    expect(down.every((item, index) => index === 0 || item.lte(down[index - 1]!))).toBe(true);
    expect(ascending).toHaveLength(DEMO_ACCOUNT_MANAGERS.length);
  });

  it('sorts by name descending', async () => {
    const names = (await list('sort_by=-name')).body.map((row) => row.name);
    expect(names).toEqual(DEMO_ACCOUNT_MANAGERS.map((manager) => manager.name).sort().reverse());
  });

  it('reads one account manager, 404 when unknown', async () => {
    const one = await root.get<MetricsAccountManager>('/api/v1/metrics/3?time_period=week');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ name: 'Chloe Carter', new_on_hub: 2, sales_num: 9, sales_gbp: '7600.25' });
    expect(one.body.periods).toHaveLength(1);
    expect((await root.get('/api/v1/metrics/999')).status).toBe(404);
  });

  it('is for root users only: an organisation admin is refused, a visitor must sign in', async () => {
    expect((await resellerAdmin.get('/api/v1/metrics')).status).toBe(403);
    expect((await resellerAdmin.get('/api/v1/metrics/1')).status).toBe(403);
    expect((await server.client().get('/api/v1/metrics')).status).toBe(401);
  });
});
