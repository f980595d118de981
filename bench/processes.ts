/**
 * One server process against two on one database (issue 20, docs/performance.md "Several
 * processes"): checkouts of 10-line baskets by 16 signed-in clients, then the public and the
 * signed-in catalogue page 1 under autocannon, served by one bundled portal process, then by two
 * (each pinned to a core of its own: 0 and 1), in turns that alternate which goes first so the
 * shared machine's drift falls on both. With two, the clients and the connections are split
 * between the processes, as a load balancer (or node:cluster) would split them. Prints each
 * figure, and two against one.
 *
 *   npx tsx bench/processes.ts [--orders 300] [--clients 16] [--seconds 5] [--connections 32] [--rounds 2] [--warmup 1000]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/processes.ts
 *
 * The processes of each turn first place --warmup checkouts, not counted (checkout-throughput.ts
 * says why).
 *
 * The load generator (this process) runs on core 1, beside the second server process: on a
 * 2-core machine nothing is left for it alone, and the figures say so.
 *
 * `--core-share 0.5` gives each server process that share of core 0 instead (a CPU quota of its
 * own, support/cpuShare.ts; cgroup v1, as root), so one process has half a core and two have a
 * whole one between them, while the load generator keeps core 1 alone: how the portal scales
 * with processes when each has CPU to run on, which a 2-core machine cannot otherwise show.
 * PostgreSQL's own processes are not limited: they run on either core.
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
  type Summary,
  type Turn,
} from './support/checkoutBench';
import { loginCookie } from './support/ceiling';
import { combine, runPinned, sample, startServer, type Load, type Sample, type Started } from './support/pinned';
import { numberArgument } from './support/arguments';
import { canShareCores } from './support/cpuShare';

await runPinned();

const orders = numberArgument('orders', 300);
const clients = numberArgument('clients', 16);
const seconds = numberArgument('seconds', 5);
const connections = numberArgument('connections', 32);
const rounds = numberArgument('rounds', 2);
const warmup = numberArgument('warmup', 1000);
const coreShare = process.argv.includes('--core-share') ? numberArgument('core-share', 0.5) : undefined;
if (coreShare !== undefined && !canShareCores)
  throw new Error('--core-share needs the cgroup v1 cpu controller, writable (support/cpuShare.ts)');
const COUNTS = [1, 2] as const;

const scratch = await scratchDatabase('bench_processes');
const baskets = await stageBaskets(scratch.db, BENCH_LINES, (warmup + orders) * rounds * COUNTS.length, 'portal');
await scratch.db.destroy();

const checkouts = new Map<number, Turn[]>(COUNTS.map((count) => [count, []]));
const pages = new Map<string, Sample[]>();
let placed = 0;

/** `count` portal processes, the k-th on core k mod 2; with --core-share, all on core 0 with that share each. */
async function portals(count: number): Promise<Started[]> {
  return Promise.all(
    Array.from({ length: count }, (_, k) => startServer(['portal', scratch.url], {}, coreShare === undefined ? k % 2 : 0, coreShare)),
  );
}

/** One autocannon per process, the connections split between them, run at once: their samples as one. */
async function pageLoad(bases: string[], path: string, headers: (base: string) => Record<string, string>): Promise<Sample> {
  const each = await Promise.all(
    bases.map((base) =>
      sample(`${base}${path}`, { connections: Math.max(1, Math.round(connections / bases.length)), seconds, headers: headers(base) }),
    ),
  );
  return {
    requests: each.reduce((sum, one) => sum + one.requests, 0),
    seconds,
    bytes: each.reduce((sum, one) => sum + one.bytes, 0),
    errors: each.reduce((sum, one) => sum + one.errors, 0),
    times: each.flatMap((one) => one.times),
  };
}

for (let round = 0; round < rounds; round++) {
  for (const count of round % 2 === 0 ? COUNTS : [...COUNTS].reverse()) {
    const servers = await portals(count);
    const bases = servers.map((server) => `http://127.0.0.1:${server.port}`);
    try {
      // Each client signs in on the process it will use: a load balancer keeps a connection on one.
      const signedIn: TestClient[] = [];
      for (let index = 0; index < clients; index++) signedIn.push(await signInBuyer(bases[index % bases.length]!));
      const checkoutTurn = (offset: number, size: number) =>
        runTurn(size, clients, (worker, index) => checkoutBasket(signedIn[worker]!, baskets[offset + index]!, offset + index));
      checkWarmUp(`${count} process(es)`, await checkoutTurn(placed, warmup));
      // The planner's statistics once the first warm-up has written orders, as autovacuum keeps them.
      if (placed === 0) await analyzeDatabase(scratch.url);
      placed += warmup;
      checkouts.get(count)!.push(await checkoutTurn(placed, orders));
      placed += orders;
      const cookies = new Map(await Promise.all(bases.map(async (base) => [base, await loginCookie(base)] as const)));
      for (const [name, path, signed] of [
        ['public page 1', '/api/v1/public/webstore', false],
        ['signed-in page 1', '/api/v1/products', true],
      ] as const) {
        // A first request fills the page cache: the turn measures cached pages, as the catalogue bench does.
        for (const base of bases) await fetch(`${base}${path}`, { headers: signed ? { cookie: cookies.get(base)! } : {} });
        const key = `${name}|${count}`;
        pages.set(key, [
          ...(pages.get(key) ?? []),
          await pageLoad(bases, path, (base): Record<string, string> => (signed ? { cookie: cookies.get(base)! } : {})),
        ]);
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  }
}

const started = performance.now();
const verified = await verifyOrders(scratch.url, placed, BENCH_LINES.length);
const placement =
  coreShare === undefined
    ? 'server processes on cores 0 and 1, load generator on core 1'
    : `each server process limited to ${coreShare} of core 0, load generator on core 1`;
console.log(`\n${scratch.kind}: one server process against two, ${rounds} turns each (${placement})\n`);
console.log('| checkouts | orders/s | median ms | p95 ms | p99 ms |');
console.log('|---|---|---|---|---|');
const ordersOf = new Map<number, Summary>(COUNTS.map((count) => [count, summarise(checkouts.get(count)!)]));
for (const count of COUNTS) console.log(summaryLine(`${count} process${count > 1 ? 'es' : ''}, ${clients} clients`, ordersOf.get(count)!));
console.log(`\ncheckouts, two processes against one: ${(ordersOf.get(2)!.rate / ordersOf.get(1)!.rate).toFixed(2)}×`);
console.log('\n| pages | req/s | p50 ms | p95 ms | p99 ms | errors |');
console.log('|---|---|---|---|---|---|');
for (const name of ['public page 1', 'signed-in page 1']) {
  const loads = new Map<number, Load>(COUNTS.map((count) => [count, combine(pages.get(`${name}|${count}`)!)]));
  for (const count of COUNTS) {
    const load = loads.get(count)!;
    console.log(
      `| ${name}, ${count} process${count > 1 ? 'es' : ''} | ${load.rps.toFixed(0)} | ${load.p50.toFixed(1)} | ${load.p95.toFixed(1)} | ${load.p99.toFixed(1)} | ${load.errors} |`,
    );
  }
  console.log(`| ${name}: two against one | ${(loads.get(2)!.rps / loads.get(1)!.rps).toFixed(2)}× | | | | |`);
}
console.log(`\nverified in ${(performance.now() - started).toFixed(0)} ms: ${verified}`);
for (const count of COUNTS) {
  const failures = ordersOf.get(count)!.failures;
  if (failures.length > 0) {
    console.log(`${count} process(es): ${failures.length} checkouts failed, first: ${failures[0]}`);
    process.exitCode = 1;
  }
}
await scratch.drop();
process.exit(process.exitCode ?? 0);
