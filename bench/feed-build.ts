/**
 * A feed's build rate and peak memory (docs/feeds.md) against a plain SELECT of the same columns
 * written to /dev/null, in the same run: `node --expose-gc --import tsx bench/feed-build.ts [--products 100000] [--rounds 3]`
 * (BENCH_DATABASE_URL for PostgreSQL; a SQLite file under data/ otherwise, kept for later runs).
 * The feed reads a page of 1,000 products at a time and streams them through csv-stringify; the
 * SELECT reads every row at once, as a naive export would. Rounds alternate the two.
 */
import { createWriteStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { feedCsvStream, feedPriceList, type FeedFormat } from '../server/modules/feeds/csvEngine';
import { benchDatabase } from './support/ceiling';
import { numberArgument } from './support/arguments';

const products = numberArgument('products', 100_000);
const rounds = numberArgument('rounds', 3);

const { db, url } = await benchDatabase(products, 'feed');
// An organisation buying from its currency's default list, where the synthetic prices are.
const organisation = Number(
  (await db('organisations').whereNull('assigned_price_list_id').where('currency', 'GBP').orderBy('id').first('id')).id,
);
const format: FeedFormat = {
  organisation,
  columns: ['name', 'stock', 'mpn', 'price', 'rrp', 'vendor', 'ean'],
  delimiter: 'COMMA',
  escape_method: 'QUOTED',
  show_headers: true,
  show_empty_stock: true,
};

/**
 * Peak memory above the start (JavaScript heap plus buffers: resident memory, once grown, is not
 * given back, so it cannot compare runs made in one process), sampled every 10 ms while `work` runs.
 */
async function measured(work: () => Promise<number>): Promise<{ rows: number; ms: number; peakMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const used = () => {
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.external;
  };
  const base = used();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, used())), 10);
  const started = performance.now();
  const rows = await work();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, used());
  return { rows, ms, peakMb: (peak - base) / 1_048_576 };
}

async function feedBuild(): Promise<number> {
  const { stream, done } = await feedCsvStream(db, format);
  await pipeline(stream, createWriteStream('/dev/null'));
  return (await done).rows;
}

async function plainSelect(): Promise<number> {
  const list = await feedPriceList(db, organisation);
  const rows = (await db('products as p')
    .leftJoin('price_list_items as pli', (on) =>
      on.on('pli.product_id', '=', 'p.id').andOn('pli.price_list_id', '=', db.raw('?', [list.id ?? 0])),
    )
    .leftJoin('vendors as v', 'v.id', 'p.vendor_id')
    .where('p.show_in_webstore', true)
    .orderBy('p.id')
    .select('p.product_code', 'p.name', 'p.stock', 'p.mpn', 'pli.price', 'pli.rrp', 'v.name as vendor', 'p.ean')) as Record<
    string,
    unknown
  >[];
  await pipeline(Readable.from(rows.map((row) => `${Object.values(row).join(',')}\n`)), createWriteStream('/dev/null'));
  return rows.length;
}

const results = { feed: [] as Awaited<ReturnType<typeof measured>>[], select: [] as Awaited<ReturnType<typeof measured>>[] };
for (let round = 0; round < rounds; round++) {
  results.feed.push(await measured(feedBuild));
  results.select.push(await measured(plainSelect));
}
const best = (runs: Awaited<ReturnType<typeof measured>>[]) => ({
  rate: Math.max(...runs.map((run) => run.rows / (run.ms / 1000))),
  peakMb: Math.max(...runs.map((run) => run.peakMb)),
  rows: runs[0]!.rows,
});
const feed = best(results.feed);
const select = best(results.select);
console.log(`database ${url.replace(/\/\/[^@]*@/, '//***@')}, ${feed.rows} products in the file, best of ${rounds}`);
console.log(`feed build     ${Math.round(feed.rate).toLocaleString('en-GB')} products/s, peak +${feed.peakMb.toFixed(1)} MB`);
console.log(`plain SELECT   ${Math.round(select.rate).toLocaleString('en-GB')} products/s, peak +${select.peakMb.toFixed(1)} MB`);
console.log(
  `ratio          ${(feed.rate / select.rate).toFixed(2)}× the rate, ${(feed.peakMb / Math.max(select.peakMb, 0.1)).toFixed(2)}× the memory`,
);
await db.destroy();
