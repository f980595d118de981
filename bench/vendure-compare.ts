/**
 * The portal's checkout beside Vendure's (issue 20), in one run on one PostgreSQL server: the same
 * 10-line basket (bench/support/checkoutBench.ts BENCH_LINES, at the prices the portal charges)
 * ordered by 16 signed-in clients at once on each side, the two servers pinned to core 0 and this
 * process on core 1, in alternating turns so the shared machine's drift falls on both sides.
 *
 * - The portal: bench/checkout-throughput.ts's checkout of a staged basket (one request), on a
 *   scratch database bench_compare.
 * - Vendure (bench/vendure/, its own package.json: `npm ci --prefix bench/vendure` once), on a
 *   scratch database bench_vendure: per order, ten addItemToOrder, setOrderShippingAddress,
 *   setOrderShippingMethod, transitionOrderToState('ArrangingPayment') and addPaymentToOrder
 *   (bench/support/vendureShop.ts), fourteen requests, timed as one order; and as a third side
 *   the same fourteen mutations sent as one GraphQL document (one request an order).
 *
 * Prints orders a second, median, p95 and p99 of each side and the ratio ours/Vendure, the load
 * average before and after, what an order cost each database in PostgreSQL's own counters
 * (commits, rows written per table: bench/support/pgCounters.ts), and checks every order on both
 * sides afterwards (the portal's as checkout-throughput does; Vendure's all PaymentSettled, ten
 * lines, one settled payment of its total each, the same subtotal and shipping as the portal's).
 *
 *   npx tsx bench/vendure-compare.ts [--orders 200] [--clients 16] [--rounds 2] [--warmup 32]
 *
 * BENCH_DATABASE_URL names the PostgreSQL server (postgres://postgres@127.0.0.1:5432/postgres by
 * default); both scratch databases are dropped at the end.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { TestClient } from '../server/testing/testServer';
import { numberArgument } from './support/arguments';
import {
  analyzeDatabase,
  BENCH_LINES,
  checkoutBasket,
  postgresDatabase,
  runTurn,
  scratchDatabase,
  signInBuyer,
  stageBaskets,
  summarise,
  summaryLine,
  verifyOrders,
  type Turn,
} from './support/checkoutBench';
import { perOrder, readCounters } from './support/pgCounters';
import { runPinned, startBundled, startServer } from './support/pinned';
import type { GraphQLClient } from './support/vendureSeed';
import { seedVendure } from './support/vendureSeed';
import {
  orderDocument,
  placeVendureOrder,
  placeVendureOrderAtOnce,
  signInCustomer,
  verifyVendureOrders,
  type Phases,
} from './support/vendureShop';

const vendureFolder = fileURLToPath(new URL('./vendure/', import.meta.url));
if (!existsSync(join(vendureFolder, 'node_modules/@vendure/core'))) {
  console.error('Vendure is not installed: npm ci --prefix bench/vendure (it is not part of the project root install)');
  process.exit(1);
}

await runPinned();

const orders = numberArgument('orders', 200);
const clients = numberArgument('clients', 16);
const rounds = numberArgument('rounds', 2);
const warmup = numberArgument('warmup', 32);
const LINES = BENCH_LINES;
const UNITS = LINES.reduce((sum, [, quantity]) => sum + quantity, 0);

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
const loadBefore = load();
console.log(`load average before: ${loadBefore}`);

process.env['BENCH_DATABASE_URL'] ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const server = process.env['BENCH_DATABASE_URL'];
const scratch = await scratchDatabase('bench_compare');
if (scratch.kind !== 'postgres') throw new Error('BENCH_DATABASE_URL must name a PostgreSQL server: Vendure runs on PostgreSQL here');
const vendureDatabase = await postgresDatabase(server, 'bench_vendure');
let started = performance.now();
const baskets = await stageBaskets(scratch.db, LINES, warmup + orders * rounds, 'portal');
console.log(`${baskets.length} portal baskets of ${LINES.length} lines staged in ${(performance.now() - started).toFixed(0)} ms`);

// Vendure's server is bundled like the portal's (its packages stay external, in bench/vendure/node_modules).
const { build } = await import('esbuild');
const vendureEntry = join(vendureFolder, 'dist/server.cjs');
await build({
  entryPoints: [join(vendureFolder, 'server.ts')],
  outfile: vendureEntry,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'cjs',
  target: `node${process.versions.node.split('.')[0]}`,
  logLevel: 'warning',
});
started = performance.now();
const vendure = await startBundled(vendureEntry, [vendureDatabase.url], { VENDURE_DISABLE_TELEMETRY: 'true' });
console.log(`Vendure started on an empty database (schema made by synchronize) in ${(performance.now() - started).toFixed(0)} ms`);
const portal = await startServer(['portal', scratch.url]);
const portalBase = `http://127.0.0.1:${portal.port}`;
const vendureBase = `http://127.0.0.1:${vendure.port}`;

let portalPlaced = 0;
let vendurePlaced = 0;
const portalTurn = async (count: number, buyers: TestClient[]) => {
  const offset = portalPlaced;
  portalPlaced += count;
  return runTurn(count, clients, (worker, index) => checkoutBasket(buyers[worker]!, baskets[offset + index]!, offset + index));
};

const buyers: TestClient[] = [];
for (let index = 0; index < clients; index++) buyers.push(await signInBuyer(portalBase));
const portalWarm = await portalTurn(warmup, buyers);
if (portalWarm.failures.length > 0) throw new Error(`portal warm-up failed: ${portalWarm.failures[0]}`);

// Vendure's catalogue at the prices the portal charged Customer Co in its warm-up (pence).
const charged = (await scratch
  .db('order_line_items as l')
  .join('orders as o', 'o.id', 'l.order_id')
  .join('products as p', 'p.id', 'l.product_id')
  .where('o.purchase_order_number', 'PO-BENCH-0')
  .select('p.product_code', 'l.price', 'l.quantity', 'o.ship_cost')) as {
  product_code: string;
  price: string;
  quantity: number;
  ship_cost: string;
}[];
const pence = (scaled: string | number) => Math.round(Number(scaled) / 100);
const prices = new Map(LINES.map(([code]) => [code, pence(charged.find((row) => row.product_code === code)!.price)]));
const portalSubtotal = charged.reduce((sum, row) => sum + pence(row.price) * row.quantity, 0);
const portalShipping = pence(charged[0]!.ship_cost);
await scratch.db.destroy();

started = performance.now();
const catalogue = await seedVendure(`${vendureBase}/admin-api`, prices, portalShipping, clients);
console.log(`Vendure seeded through its Admin API in ${(performance.now() - started).toFixed(0)} ms`);
const customers: GraphQLClient[] = [];
for (let index = 0; index < clients; index++) customers.push(await signInCustomer(`${vendureBase}/shop-api`, index));
const phases: Phases = { basket: [], checkout: [] };
const vendureTurn = (count: number, record?: Phases) => {
  vendurePlaced += count;
  return runTurn(count, clients, (worker) => placeVendureOrder(customers[worker]!, catalogue, LINES, record));
};
const document = orderDocument(catalogue, LINES);
const vendureAtOnceTurn = (count: number) => {
  vendurePlaced += count;
  return runTurn(count, clients, (worker) => placeVendureOrderAtOnce(customers[worker]!, document));
};
for (const warm of [await vendureTurn(warmup), await vendureAtOnceTurn(warmup)])
  if (warm.failures.length > 0) throw new Error(`Vendure warm-up failed: ${warm.failures[0]}`);
// Each side's planner statistics, as autovacuum keeps them on a server in use.
await analyzeDatabase(scratch.url);
await analyzeDatabase(vendureDatabase.url);

// Idle backends publish their counts within ten seconds (bench/support/pgCounters.ts).
await new Promise((resolve) => setTimeout(resolve, 11_000));
const countersBefore = await Promise.all([readCounters(scratch.url), readCounters(vendureDatabase.url)]);
const portalTurns: Turn[] = [];
const vendureTurns: Turn[] = [];
const atOnceTurns: Turn[] = [];
const sides = [
  async () => portalTurns.push(await portalTurn(orders, buyers)),
  async () => vendureTurns.push(await vendureTurn(orders, phases)),
  async () => atOnceTurns.push(await vendureAtOnceTurn(orders)),
];
for (let round = 0; round < rounds; round++) {
  // The order of the sides turns round every other round.
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) await side();
}
await portal.stop();
await vendure.stop();
const loadAfter = load();
await new Promise((resolve) => setTimeout(resolve, 1_000));
const countersAfter = await Promise.all([readCounters(scratch.url), readCounters(vendureDatabase.url)]);

const ours = summarise(portalTurns);
const theirs = summarise(vendureTurns);
const atOnce = summarise(atOnceTurns);
console.log(
  `\npostgres: ${clients} clients, ${orders * rounds} orders of ${LINES.length} lines (${UNITS} units) on each side in ${rounds} turns after ${warmup} to warm up; servers on core 0, clients on core 1; load average ${loadBefore} before, ${loadAfter} after\n`,
);
console.log('| | orders/s | median ms | p95 ms | p99 ms |');
console.log('|---|---|---|---|---|');
console.log(summaryLine('portal checkout (1 request)', ours));
console.log(summaryLine('Vendure (14 requests)', theirs));
console.log(summaryLine('Vendure (the 14 mutations in 1 request)', atOnce));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(
  `\nratio ours/Vendure: ${(ours.rate / theirs.rate).toFixed(2)}× the orders a second (${(ours.rate / atOnce.rate).toFixed(2)}× against one request an order); Vendure's median order: ${median(phases.basket).toFixed(1)} ms filling the basket (10 requests), ${median(phases.checkout).toFixed(1)} ms checking out (4)`,
);

console.log(`per order in PostgreSQL's counters: portal ${perOrder(countersBefore[0], countersAfter[0], orders * rounds)}`);
console.log(`                                   Vendure ${perOrder(countersBefore[1], countersAfter[1], 2 * orders * rounds)} (both ways)`);

started = performance.now();
const verified = await verifyOrders(scratch.url, portalPlaced, LINES.length);
const vendureTotals = await verifyVendureOrders(vendureDatabase.url, vendurePlaced, LINES.length, UNITS);
console.log(`verified in ${(performance.now() - started).toFixed(0)} ms: portal ${verified}`);
console.log(
  `Vendure: ${vendurePlaced} orders PaymentSettled, each with ${LINES.length} lines of ${UNITS} units and one settled payment of its total`,
);
const money = (value: number) => `£${(value / 100).toFixed(2)}`;
console.log(
  `the same basket: portal ${money(portalSubtotal)} + ${money(portalShipping)} shipping, Vendure ${money(vendureTotals.subTotal)} + ${money(vendureTotals.shipping)}`,
);
if (vendureTotals.subTotal !== portalSubtotal || vendureTotals.shipping !== portalShipping) process.exitCode = 1;
for (const [name, figures] of [
  ['portal', ours],
  ['Vendure', theirs],
  ['Vendure at once', atOnce],
] as const) {
  if (figures.failures.length > 0) {
    console.log(`${name}: ${figures.failures.length} failed, first: ${figures.failures[0]}`);
    process.exitCode = 1;
  }
}
await scratch.drop();
await vendureDatabase.drop();
process.exit(process.exitCode ?? 0);
