/**
 * Checkout throughput (issue 20): 10-line baskets of Customer Co (shippable goods, FLAT shipping,
 * a unique PO number each) placed by 16 signed-in clients at once over HTTP against the bundled
 * portal, server on core 0 and this process on core 1; and the floor in the same run: a bare Koa
 * route writing the same rows in one transaction through the same driver
 * (bench/support/checkoutFloor.ts). The two take turns (--rounds), so the shared machine's drift
 * falls on both sides of the ratio. Prints orders a second, median, p95 and p99 of each, the
 * ratio, the CPU an order took in the server and (PostgreSQL) in the database's processes
 * (bench/support/cpuTime.ts: it moves less than the rate with the machine's waits), and checks that
 * every order is complete (ten lines, totals, audit entry, outbox row, basket gone).
 *
 *   npx tsx bench/checkout-throughput.ts [--orders 400] [--clients 16] [--rounds 2] [--warmup 1500]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/checkout-throughput.ts
 *
 * A scratch database each run: data/bench-checkout.sqlite made anew, or on PostgreSQL a database
 * bench_checkout created on BENCH_DATABASE_URL's server and dropped at the end.
 * BENCH_CPU_PROF=<folder> writes the portal's CPU profile there. Each side first places --warmup
 * orders, not counted (placed and verified like the rest): a server's first requests compile its
 * code and fill its caches, and in a measured turn they made most of the slowest hundredth. With
 * the server pinned to one core, V8's optimizing compilers (threads beside the main one) take
 * their time from that core too: a portal's first few thousand requests ran at about half its
 * later speed, and so did the floor's (docs/performance.md, "Warmed up"). 1,500 let that pass.
 */
import { performance } from 'node:perf_hooks';
import type { TestClient } from '../server/testing/testServer';
import {
  analyzeDatabase,
  BENCH_LINES,
  checkoutBasket,
  checkWarmUp,
  runTurn,
  scratchDatabase,
  signInBuyer,
  stageBaskets,
  summarise,
  summaryLine,
  verifyOrders,
  type Turn,
} from './support/checkoutBench';
import { runPinned, startServer } from './support/pinned';
import { numberArgument } from './support/arguments';
import { cpuAgainstFloor, CpuSpent } from './support/cpuTime';

await runPinned();

const orders = numberArgument('orders', 400);
const clients = numberArgument('clients', 16);
const rounds = numberArgument('rounds', 2);
const warmup = numberArgument('warmup', 1500);

const LINES = BENCH_LINES;

const scratch = await scratchDatabase();
let started = performance.now();
const portalBaskets = await stageBaskets(scratch.db, LINES, warmup + orders * rounds, 'portal');
const floorBaskets = await stageBaskets(scratch.db, LINES, warmup + orders * rounds, 'floor');
await scratch.db.destroy();
console.log(
  `${scratch.kind}: ${2 * (warmup + orders * rounds)} baskets of ${LINES.length} lines staged in ${(performance.now() - started).toFixed(0)} ms`,
);

const portal = await startServer(['portal', scratch.url]);
const floor = await startServer(['floor', scratch.url]);
const portalBase = `http://127.0.0.1:${portal.port}`;
const signedIn: TestClient[] = [];
for (let index = 0; index < clients; index++) signedIn.push(await signInBuyer(portalBase));

const turn = (count: number, send: (worker: number, index: number) => Promise<{ status: number; text: string }>) =>
  runTurn(count, clients, send);

const portalTurn = (offset: number, count: number) =>
  turn(count, (worker, index) => checkoutBasket(signedIn[worker]!, portalBaskets[offset + index]!, offset + index));
const floorTurn = (offset: number, count: number) =>
  turn(count, async (_, index) => {
    const response = await fetch(`http://127.0.0.1:${floor.port}/floor/${floorBaskets[offset + index]}`, { method: 'POST' });
    return { status: response.status, text: await response.text() };
  });

checkWarmUp('portal', await portalTurn(0, warmup));
checkWarmUp('floor', await floorTurn(0, warmup));
await analyzeDatabase(scratch.url);
const portalTurns: Turn[] = [];
const floorTurns: Turn[] = [];
// The CPU the measured turns took: the server's, and PostgreSQL's processes' (none on SQLite, in the server's process).
const onPostgres = scratch.kind === 'postgres';
const spent = { portal: new CpuSpent(onPostgres), floor: new CpuSpent(onPostgres) };
let placed = warmup;
for (let round = 0; round < rounds; round++) {
  const offset = warmup + round * orders;
  portalTurns.push(await spent.portal.add(portal.pid, () => portalTurn(offset, orders)));
  placed += orders;
  floorTurns.push(await spent.floor.add(floor.pid, () => floorTurn(offset, orders)));
}
await portal.stop();
await floor.stop();

const ours = summarise(portalTurns);
const bare = summarise(floorTurns);
const line = summaryLine;
console.log(
  `\n${scratch.kind}: ${clients} clients, ${orders * rounds} orders of ${LINES.length} lines on each side in ${rounds} turns after ${warmup} to warm up; server on core 0, clients on core 1 (target ≥ 200 orders/s, p99 ≤ 100 ms, ≥ 0.3× the floor)\n`,
);
console.log('| | orders/s | median ms | p95 ms | p99 ms |');
console.log('|---|---|---|---|---|');
console.log(line('checkout', ours));
console.log(line('floor (bare transaction)', bare));
console.log(`\nratio to the floor: ${(ours.rate / bare.rate).toFixed(2)}×`);
console.log(`CPU ms an order: ${cpuAgainstFloor('checkout', spent.portal, spent.floor, orders * rounds)}`);

started = performance.now();
const verified = await verifyOrders(scratch.url, placed, LINES.length);
console.log(`verified in ${(performance.now() - started).toFixed(0)} ms: ${verified}`);
for (const [name, figures] of [
  ['checkout', ours],
  ['floor', bare],
] as const) {
  if (figures.failures.length > 0) {
    console.log(`${name}: ${figures.failures.length} failed, first: ${figures.failures[0]}`);
    process.exitCode = 1;
  }
}
await scratch.drop();
process.exit(process.exitCode ?? 0);
