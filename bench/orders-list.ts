/**
 * The orders list of a root user over a large tree (issue 11: 1,000 organisations and 100,000
 * orders, p95 ≤ 30 ms): each case loaded with autocannon (32 connections) on the portal and on a
 * bare Koa route serving the same bytes, in turns, server on core 0 and load on core 1; prints both,
 * their ratio and the portal's percentiles. The machine is shared: read the ratios.
 *
 *   npx tsx bench/orders-list.ts [--orders 100000] [--organisations 1000] [--seconds 9] [--rounds 3] [--only <text>]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/orders-list.ts
 *
 * The same data set: `npx hub seed --orders 100000 --organisations 1000`.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { seedSyntheticOrders } from '../seeds/syntheticOrders';
import { connect, migrate, refreshStatistics } from '../server/db/connect';
import { loginCookie, measure, printTable, seedDemoCheaply, type Case } from './support/ceiling';
import { runPinned } from './support/pinned';
import { numberArgument } from './support/arguments';

await runPinned();

const orders = numberArgument('orders', 100_000);
const organisations = numberArgument('organisations', 1000);
const seconds = numberArgument('seconds', 9);
const rounds = numberArgument('rounds', 3);
const connections = numberArgument('connections', 32);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
mkdirSync(join(root, 'data'), { recursive: true });
const url = process.env['BENCH_DATABASE_URL'] ?? `sqlite://${join(root, 'data', `bench-orders-${orders}.sqlite`)}`;
const started = performance.now();
const db = connect(url);
await migrate(db);
await seedDemoCheaply(db);
const synthetic = Number((await db('orders').where('name', 'like', 'SYN-ORD-%').count({ n: '*' }).first())?.['n'] ?? 0);
if (synthetic < orders) {
  console.log(`seeding ${organisations} organisations and ${orders - synthetic} orders…`);
  await seedSyntheticOrders(db, { orders: orders - synthetic, organisations });
  await refreshStatistics(db);
}
const reseller = Number((await db('organisations').where('name', 'like', 'Synthetic Reseller %').orderBy('id').first('id'))?.id ?? 1);
await db.destroy();
console.log(
  `database ${url.replace(/\/\/[^@]*@/, '//***@')}: ${orders} synthetic orders ready in ${Math.round(performance.now() - started)} ms`,
);

const allCases: Case[] = [
  { name: 'page 1, 24, -date', path: '/api/v1/orders', signedIn: true },
  {
    name: 'status + dates, -total',
    path: '/api/v1/orders?status=COMPLETE&status=SHIPPED&start_date=2025-06-01&end_date=2026-03-01&sort_by=-total',
    signedIn: true,
  },
  { name: 'my customers, +name', path: '/api/v1/orders?customers=true&sort_by=%2Bname', signedIn: true },
  { name: "a reseller's subtree, -date", path: `/api/v1/orders?organisation=${reseller}`, signedIn: true },
  { name: 'text (an order name)', path: '/api/v1/orders?text=SYN-ORD-00012', signedIn: true },
  { name: 'last page, 96, -date', path: '/api/v1/orders?per_page=96', signedIn: true, lastPage: true },
];
// --only <text>: the cases whose name contains it (a before-and-after run of a few cases).
const only = process.argv.indexOf('--only') >= 0 ? (process.argv[process.argv.indexOf('--only') + 1] ?? '') : '';
const cases = allCases.filter((entry) => entry.name.includes(only));
const rows = await measure(url, cases, {
  seconds,
  connections,
  rounds,
  answersFile: join(tmpdir(), `bench-orders-${process.pid}.json`),
  login: (baseUrl) => loginCookie(baseUrl, 'admin@supplier.example'),
});
printTable(
  `orders list of a root admin: ${organisations} organisations, ${orders} orders, ${connections} connections, ${seconds} s a case on each side in ${rounds} turns (target: p95 ≤ 30 ms)`,
  rows,
);
process.exit(0);
