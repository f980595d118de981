/**
 * Catalogue listing benchmark: a synthetic catalogue of N products (default 100 000), then the
 * store's listing calls over HTTP against the real app, printing median and 95th percentile.
 *
 *   npx tsx bench/catalogue-listing.ts [--products 100000] [--runs 20]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/catalogue-listing.ts
 */
import { performance } from 'node:perf_hooks';
import { seedSyntheticCatalogue } from '../seeds/synthetic';
import { refreshStatistics } from '../server/db/connect';
import { startTestServer } from '../server/testing/testServer';
import { numberArgument } from './support/arguments';

const products = numberArgument('products', 100_000);
const runs = numberArgument('runs', 20);
if (process.env['BENCH_DATABASE_URL']) process.env['TEST_DATABASE_URL'] = process.env['BENCH_DATABASE_URL'];

const server = await startTestServer();
const seeded = await seedSyntheticCatalogue(server.db, { products });
await refreshStatistics(server.db);
console.log(`${server.kind}: ${seeded.products} synthetic products seeded in ${seeded.ms} ms (statistics refreshed)`);

const buyer = server.client();
await buyer.login('buyer@customer.example');
const anonymous = server.client();

const cases: [string, typeof buyer, string][] = [
  ['signed in, default (-popularity, 24)', buyer, '/api/v1/products'],
  ['signed in, +name, page 200', buyer, '/api/v1/products?sort_by=%2Bname&page=200'],
  ['signed in, -price, 96 per page', buyer, '/api/v1/products?sort_by=-price&per_page=96'],
  ['signed in, value range', buyer, '/api/v1/products?value_from=100&value_to=200'],
  ['signed in, two vendors', buyer, '/api/v1/products?vendor=1&vendor=2'],
  ['signed in, text', buyer, '/api/v1/products?text=pro'],
  ['public, EUR, +price', anonymous, '/api/v1/public/webstore?currency=EUR&sort_by=%2Bprice'],
  ['public, most popular (per_page 1)', anonymous, '/api/v1/public/webstore?per_page=1'],
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
console.log(`\n${'case'.padEnd(42)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(10)} ${'rows'.padStart(8)}`);
for (const [name, client, path] of cases) {
  await client.get(path);
  const times: number[] = [];
  let total = '';
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const response = await client.get(path);
    times.push(performance.now() - start);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    total = response.headers.get('x-total-count') ?? '';
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(42)} ${percentile(times, 50).toFixed(1).padStart(10)} ${percentile(times, 95).toFixed(1).padStart(10)} ${total.padStart(8)}`,
  );
}
await server.close();
