import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricsAccountManager } from '../../generated/types';
import { DEMO_ACCOUNT_MANAGERS, DEMO_PERIOD_COUNTS } from '../../../seeds/demo/billing';
import { SYSTEM_ACTOR } from '../audit/auditTrail';
import { inTransaction } from '../../writes/records';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';

/** A CSV's rows as cells (the export quotes only cells holding a comma, quote or line break). */
const rowsOf = (text: string) =>
  text
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

describe('metrics export (001 §2, §7)', () => {
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

  it('answers the table as a CSV named after today: each manager’s sums, then its periods', async () => {
    const response = await root.post('/api/v1/metrics/export', {});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="sales-metrics-${today}.csv"; filename*=UTF-8''sales-metrics-${today}.csv`,
    );
    const rows = rowsOf(response.text);
    expect(rows[0]).toEqual([
      'Account manager',
      'Period',
      'Period start',
      'New on HUB',
      'Number of sales',
      'Sales (USD)',
      'Sales (EUR)',
      'Sales (GBP)',
    ]);
    const periods = DEMO_PERIOD_COUNTS.week + DEMO_PERIOD_COUNTS.month + DEMO_PERIOD_COUNTS.quarter;
    expect(rows).toHaveLength(1 + DEMO_ACCOUNT_MANAGERS.length * (1 + periods));
    // The totals rows match the list's sums, in the list's order (+name).
    const listed = (await root.get<MetricsAccountManager[]>('/api/v1/metrics')).body;
    const totals = rows.filter((row) => row[1] === 'Total');
    expect(totals.map((row) => row[0])).toEqual(listed.map((manager) => manager.name));
    expect(totals[0]).toEqual([
      listed[0]!.name,
      'Total',
      '',
      String(listed[0]!.new_on_hub),
      String(listed[0]!.sales_num),
      listed[0]!.sales_usd,
      listed[0]!.sales_eur,
      listed[0]!.sales_gbp,
    ]);
  });

  it('follows the filters and the sort it is sent', async () => {
    const response = await root.post('/api/v1/metrics/export', { account_managers: [1, 3], time_period: ['week'], sort_by: '-sales_gbp' });
    const rows = rowsOf(response.text).slice(1);
    // Chloe Carter sold more than Alice Archer in the weeks (7,600.25 against 4,200.00 this week).
    expect(rows.filter((row) => row[1] === 'Total').map((row) => row[0])).toEqual(['Chloe Carter', 'Alice Archer']);
    expect(new Set(rows.filter((row) => row[1] !== 'Total').map((row) => row[1]))).toEqual(new Set(['Week']));
    expect(rows).toHaveLength(2 * (1 + DEMO_PERIOD_COUNTS.week));
  });

  it('keeps a name a spreadsheet would run as a formula as text', async () => {
    await inTransaction(server.db, SYSTEM_ACTOR, (records) =>
      records.update('metrics_account_manager', 8, { name: '=HYPERLINK("http://evil.example","x")' }),
    );
    const response = await root.post('/api/v1/metrics/export', { account_managers: [8] });
    expect(response.text.split('\r\n')[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)",Total,/);
    await inTransaction(server.db, SYSTEM_ACTOR, (records) => records.update('metrics_account_manager', 8, { name: 'Hana Hughes' }));
  });

  it('is root only (403), needs a session (401) and refuses a body it does not know (400)', async () => {
    expect((await resellerAdmin.post('/api/v1/metrics/export', {})).status).toBe(403);
    expect((await server.client().post('/api/v1/metrics/export', {})).status).toBe(401);
    expect((await root.post('/api/v1/metrics/export', { sort_by: '+evil' })).status).toBe(400);
    expect((await root.post('/api/v1/metrics/export', { figures: [] })).status).toBe(400);
  });
});
