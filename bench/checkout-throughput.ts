/**
 * Checkout throughput: N baskets of 10 lines each (Customer Co, shippable goods, FLAT shipping),
 * placed by 16 signed-in clients at once over HTTP against the real app; prints orders per second
 * and the median, p95 and p99 latency of POST /baskets/{id}/checkout.
 *
 *   npx tsx bench/checkout-throughput.ts [--orders 400] [--clients 16]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/checkout-throughput.ts
 */
import { performance } from 'node:perf_hooks';
import { GB_ADDRESS, makeBasket } from '../server/testing/checkoutBaskets';
import { startTestServer, type TestClient } from '../server/testing/testServer';

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const orders = argument('orders', 400);
const clients = argument('clients', 16);
if (process.env['BENCH_DATABASE_URL']) process.env['TEST_DATABASE_URL'] = process.env['BENCH_DATABASE_URL'];

/** Ten priced, shippable demo products that need no option chosen. */
const LINES: [string, number][] = [
  ['GEN-HDMI-5M', 4], ['GEN-WALL-MOUNT', 2], ['LOGI-CABLE-KIT', 3], ['LOGI-RALLY-BAR', 1], ['LOGI-MEETUP', 2],
  ['LOGI-TAP', 1], ['LOGI-BRIO-4K', 5], ['YEA-W76P', 2], ['POLY-SYNC-20', 6], ['EPOS-EXPAND-80', 1],
];

const server = await startTestServer();
const started = performance.now();
const baskets: number[] = [];
for (let index = 0; index < orders; index++) baskets.push((await makeBasket(server.db, LINES)).id);
console.log(`${server.kind}: ${orders} baskets of ${LINES.length} lines staged in ${(performance.now() - started).toFixed(0)} ms`);

const signedIn: TestClient[] = [];
for (let index = 0; index < clients; index++) {
  const client = server.client();
  const login = await client.login('buyer@customer.example');
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  signedIn.push(client);
}

const times: number[] = [];
let next = 0;
const failures: string[] = [];
const worker = async (client: TestClient) => {
  for (;;) {
    const index = next++;
    if (index >= baskets.length) return;
    const start = performance.now();
    const answer = await client.post(`/api/v1/baskets/${baskets[index]}/checkout`, { purchase_order_number: `PO-BENCH-${index}`, ...GB_ADDRESS, shipping_type: 1 });
    times.push(performance.now() - start);
    if (answer.status !== 201) failures.push(`${answer.status} ${answer.text.slice(0, 200)}`);
  }
};
const wall = performance.now();
await Promise.all(signedIn.map(worker));
const seconds = (performance.now() - wall) / 1000;

times.sort((a, b) => a - b);
const percentile = (p: number) => times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))]!;
console.log(`${clients} clients, ${times.length} checkouts of ${LINES.length}-line baskets in ${seconds.toFixed(2)} s`);
console.log(`orders/s ${(times.length / seconds).toFixed(1)}   median ${percentile(50).toFixed(1)} ms   p95 ${percentile(95).toFixed(1)} ms   p99 ${percentile(99).toFixed(1)} ms`);
if (failures.length > 0) {
  console.log(`${failures.length} failed, first: ${failures[0]}`);
  process.exitCode = 1;
}
await server.close();
