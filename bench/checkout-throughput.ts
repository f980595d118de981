/**
 * Checkout throughput (issue 20): 10-line baskets of Customer Co (shippable goods, FLAT shipping,
 * a unique PO number each) placed by 16 signed-in clients at once over HTTP against the bundled
 * portal, server on core 0 and this process on core 1; and the floor in the same run: a bare Koa
 * route writing the same rows in one transaction through the same driver
 * (bench/support/checkoutFloor.ts). The two take turns (--rounds), so the shared machine's drift
 * falls on both sides of the ratio. Prints orders a second, median, p95 and p99 of each, the
 * ratio, and checks that every order is complete (ten lines, totals, audit entry, outbox row,
 * basket gone).
 *
 *   npx tsx bench/checkout-throughput.ts [--orders 400] [--clients 16] [--rounds 2]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/checkout-throughput.ts
 *
 * A scratch database each run: data/bench-checkout.sqlite made anew, or on PostgreSQL a database
 * bench_checkout created on BENCH_DATABASE_URL's server and dropped at the end.
 * BENCH_CPU_PROF=<folder> writes the portal's CPU profile there.
 */
import { performance } from 'node:perf_hooks';
import { GB_ADDRESS } from '../server/testing/checkoutBaskets';
import { TestClient } from '../server/testing/testServer';
import { scratchDatabase, stageBaskets, verifyOrders, type Turn } from './support/checkoutBench';
import { PinnedElsewhere, pinSelf, startServer } from './support/pinned';

try {
  pinSelf();
} catch (error) {
  if (error instanceof PinnedElsewhere) await new Promise(() => undefined);
  throw error;
}

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const orders = argument('orders', 400);
const clients = argument('clients', 16);
const rounds = argument('rounds', 2);

/** Ten priced, shippable demo products that need no option chosen. */
const LINES: [string, number][] = [
  ['GEN-HDMI-5M', 4], ['GEN-WALL-MOUNT', 2], ['LOGI-CABLE-KIT', 3], ['LOGI-RALLY-BAR', 1], ['LOGI-MEETUP', 2],
  ['LOGI-TAP', 1], ['LOGI-BRIO-4K', 5], ['YEA-W76P', 2], ['POLY-SYNC-20', 6], ['EPOS-EXPAND-80', 1],
];

const scratch = await scratchDatabase();
let started = performance.now();
const portalBaskets = await stageBaskets(scratch.db, LINES, orders * rounds, 'portal');
const floorBaskets = await stageBaskets(scratch.db, LINES, orders * rounds, 'floor');
await scratch.db.destroy();
console.log(`${scratch.kind}: ${2 * orders * rounds} baskets of ${LINES.length} lines staged in ${(performance.now() - started).toFixed(0)} ms`);

const portal = await startServer(['portal', scratch.url]);
const floor = await startServer(['floor', scratch.url]);
const portalBase = `http://127.0.0.1:${portal.port}`;
const signedIn: TestClient[] = [];
for (let index = 0; index < clients; index++) {
  const client = new TestClient(portalBase);
  const login = await client.login('buyer@customer.example');
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  signedIn.push(client);
}

/** `count` requests by `clients` workers at once, each answering 201. */
async function turn(count: number, send: (worker: number, index: number) => Promise<{ status: number; text: string }>): Promise<Turn> {
  const times: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const wall = performance.now();
  await Promise.all(Array.from({ length: clients }, async (_, worker) => {
    for (;;) {
      const index = next++;
      if (index >= count) return;
      const start = performance.now();
      const answer = await send(worker, index);
      times.push(performance.now() - start);
      if (answer.status !== 201) failures.push(`${answer.status} ${answer.text.slice(0, 200)}`);
    }
  }));
  return { times, seconds: (performance.now() - wall) / 1000, failures };
}

const portalTurns: Turn[] = [];
const floorTurns: Turn[] = [];
let placed = 0;
for (let round = 0; round < rounds; round++) {
  const offset = round * orders;
  portalTurns.push(await turn(orders, (worker, index) =>
    signedIn[worker]!.post(`/api/v1/baskets/${portalBaskets[offset + index]}/checkout`, { purchase_order_number: `PO-BENCH-${offset + index}`, ...GB_ADDRESS, shipping_type: 1 })));
  placed += orders;
  floorTurns.push(await turn(orders, async (_, index) => {
    const response = await fetch(`http://127.0.0.1:${floor.port}/floor/${floorBaskets[offset + index]}`, { method: 'POST' });
    return { status: response.status, text: await response.text() };
  }));
}
await portal.stop();
await floor.stop();

const summary = (turns: Turn[]) => {
  const times = turns.flatMap((one) => one.times).sort((a, b) => a - b);
  const percentile = (p: number) => times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))] ?? 0;
  const seconds = turns.reduce((sum, one) => sum + one.seconds, 0);
  return { rate: times.length / seconds, p50: percentile(50), p95: percentile(95), p99: percentile(99), failures: turns.flatMap((one) => one.failures) };
};
const ours = summary(portalTurns);
const bare = summary(floorTurns);
const line = (name: string, figures: ReturnType<typeof summary>) =>
  `| ${name} | ${figures.rate.toFixed(1)} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ${figures.p99.toFixed(1)} |`;
console.log(`\n${scratch.kind}: ${clients} clients, ${orders * rounds} orders of ${LINES.length} lines on each side in ${rounds} turns; server on core 0, clients on core 1 (target ≥ 200 orders/s, p99 ≤ 100 ms, ≥ 0.3× the floor)\n`);
console.log('| | orders/s | median ms | p95 ms | p99 ms |');
console.log('|---|---|---|---|---|');
console.log(line('checkout', ours));
console.log(line('floor (bare transaction)', bare));
console.log(`\nratio to the floor: ${(ours.rate / bare.rate).toFixed(2)}×`);

started = performance.now();
const verified = await verifyOrders(scratch.url, placed, LINES.length);
console.log(`verified in ${(performance.now() - started).toFixed(0)} ms: ${verified}`);
for (const [name, figures] of [['checkout', ours], ['floor', bare]] as const) {
  if (figures.failures.length > 0) {
    console.log(`${name}: ${figures.failures.length} failed, first: ${figures.failures[0]}`);
    process.exitCode = 1;
  }
}
await scratch.drop();
process.exit(process.exitCode ?? 0);
