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
  type Manager = (typeof DEMO_ACCOUNT_MANAGERS)[number];
  const ALL = ['week', 'month', 'quarter'] as const;
  const figuresOf = (manager: Manager, periods: readonly ('week' | 'month' | 'quarter')[]) => periods.flatMap((period) => manager[period]);
  const gbpOf = (manager: Manager, periods: readonly ('week' | 'month' | 'quarter')[]) =>
    figuresOf(manager, periods).reduce((sum, figures) => sum.plus(figures[2]), new Decimal(0));
  const countOf = (manager: Manager, periods: readonly ('week' | 'month' | 'quarter')[], index: 0 | 1) =>
    figuresOf(manager, periods).reduce((sum, figures) => sum + figures[index], 0);

  it('lists every account manager by name with its week, month and quarter, and paging headers', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('x-total-count'))).toBe(DEMO_ACCOUNT_MANAGERS.length);
    expect(Number(response.headers.get('x-total-pages'))).toBe(1);
    expect(response.body.map((manager) => manager.name)).toEqual(DEMO_ACCOUNT_MANAGERS.map((manager) => manager.name).sort());
    // At least seven managers, so the charts' top six plus Others can show (001 §2, §9).
    expect(DEMO_ACCOUNT_MANAGERS.length).toBeGreaterThanOrEqual(7);
    const alice = response.body.find((manager) => manager.name === 'Alice Archer')!;
    // Several periods of each kind, shortest kind first, newest first within a kind.
    expect(alice.periods.map((period) => period.period)).toEqual([
      ...Array(4).fill('week'),
      ...Array(3).fill('month'),
      ...Array(2).fill('quarter'),
    ]);
    const weekStarts = alice.periods.slice(0, 4).map((period) => period.period_start);
    expect(weekStarts).toEqual([...weekStarts].sort().reverse());
    expect(alice.periods[4]).toMatchObject({
      new_orgs: 3,
      orders: 21,
      sales_gbp: '18750.50',
      sales_eur: '21938.09',
      sales_usd: '23813.14',
    });
    // With no period ticked the sums count each sale once: the quarters, which cover the weeks and
    // months (issue 22 item 14: adding the three series counted Alice's 15 new organisations as 23).
    const seeded = DEMO_ACCOUNT_MANAGERS[0]!;
    expect(alice).toMatchObject({ new_on_hub: countOf(seeded, ['quarter'], 0), sales_num: countOf(seeded, ['quarter'], 1) });
    expect(alice.new_on_hub).toBeLessThan(countOf(seeded, ALL, 0));
    expect(new Decimal(alice.sales_gbp).equals(gbpOf(seeded, ['quarter']))).toBe(true);
    const paged = await list('per_page=3&page=3');
    expect(paged.body.map((manager) => manager.name)).toEqual(['George Grant', 'Hana Hughes']);
    expect(Number(paged.headers.get('x-total-pages'))).toBe(3);
  });

  it('filters by period: the periods shown follow, and the sums count the coarsest series shown once', async () => {
    const rows = (await list('time_period=month&time_period=week')).body;
    for (const row of rows) {
      expect(new Set(row.periods.map((period) => period.period))).toEqual(new Set(['week', 'month']));
      const seeded = DEMO_ACCOUNT_MANAGERS.find((manager) => manager.name === row.name)!;
      expect(new Decimal(row.sales_gbp).equals(gbpOf(seeded, ['month']))).toBe(true);
      expect(row.new_on_hub).toBe(countOf(seeded, ['month'], 0));
    }
    for (const row of (await list('time_period=week')).body) {
      const seeded = DEMO_ACCOUNT_MANAGERS.find((manager) => manager.name === row.name)!;
      expect([row.new_on_hub, row.sales_num]).toEqual([countOf(seeded, ['week'], 0), countOf(seeded, ['week'], 1)]);
    }
  });

  it('filters by account manager', async () => {
    const [first, second] = DEMO_ACCOUNT_MANAGERS;
    const rows = (await list(`account_managers=${first!.id}&account_managers=${second!.id}`)).body;
    expect(rows.map((row) => row.id).sort()).toEqual([first!.id, second!.id].sort());
  });

  it.each(['new_on_hub', 'sales_num', 'sales_usd', 'sales_eur', 'sales_gbp'] as const)(
    'sorts by %s both ways, over the periods shown',
    async (field) => {
      const value = (row: MetricsAccountManager) => new Decimal(row[field]);
      const ascending = (await list(`sort_by=%2B${field}&time_period=quarter`)).body;
      const descending = (await list(`sort_by=-${field}&time_period=quarter`)).body;
      const values = ascending.map(value);
      expect(values.every((item, index) => index === 0 || item.gte(values[index - 1]!))).toBe(true);
      const down = descending.map(value);
      expect(down.every((item, index) => index === 0 || item.lte(down[index - 1]!))).toBe(true);
      expect(ascending).toHaveLength(DEMO_ACCOUNT_MANAGERS.length);
    },
  );

  it('sorts by name descending', async () => {
    const names = (await list('sort_by=-name')).body.map((row) => row.name);
    expect(names).toEqual(
      DEMO_ACCOUNT_MANAGERS.map((manager) => manager.name)
        .sort()
        .reverse(),
    );
  });

  it('reads one account manager, 404 when unknown', async () => {
    const one = await root.get<MetricsAccountManager>('/api/v1/metrics/3?time_period=week');
    expect(one.status).toBe(200);
    const chloe = DEMO_ACCOUNT_MANAGERS[2]!;
    expect(one.body).toMatchObject({
      name: 'Chloe Carter',
      new_on_hub: countOf(chloe, ['week'], 0),
      sales_num: countOf(chloe, ['week'], 1),
    });
    expect(new Decimal(one.body.sales_gbp).equals(gbpOf(chloe, ['week']))).toBe(true);
    expect(one.body.periods).toHaveLength(4);
    expect((await root.get('/api/v1/metrics/999')).status).toBe(404);
  });

  it('is for root users only: an organisation admin is refused, a visitor must sign in', async () => {
    expect((await resellerAdmin.get('/api/v1/metrics')).status).toBe(403);
    expect((await resellerAdmin.get('/api/v1/metrics/1')).status).toBe(403);
    expect((await server.client().get('/api/v1/metrics')).status).toBe(401);
  });
});
