import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { seedDemo } from '../../seeds/demo';
import { seedSyntheticCatalogue } from '../../seeds/synthetic';
import { connect, migrate, refreshStatistics } from '../../server/db/connect';
import { hashPassword } from '../../server/modules/auth/passwords';
import type { RecordedAnswer } from './benchServer';
import { combine, sample, startServer, type Load, type Sample } from './pinned';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The demo users share one hash here: the bench measures pages, not scrypt. */
export async function seedDemoCheaply(db: Knex): Promise<void> {
  const hash = await hashPassword('demo-password');
  await seedDemo(db, { hashPassword: async () => hash });
}

async function productCount(db: Knex): Promise<number> {
  return Number((await db('products').count({ n: '*' }).first())?.['n'] ?? 0);
}

/**
 * A demo database with `products` synthetic products: BENCH_DATABASE_URL, or a SQLite file kept
 * under data/ for later runs. Answers its URL and two synthetic vendors' ids.
 */
export async function benchDatabase(products: number, name = 'catalogue'): Promise<{ url: string; vendors: number[]; db: Knex }> {
  let url = process.env['BENCH_DATABASE_URL'];
  if (!url) {
    mkdirSync(join(root, 'data'), { recursive: true });
    url = `sqlite://${join(root, 'data', `bench-${name}-${products}.sqlite`)}`;
  }
  const db = connect(url);
  // BENCH_AS_IS: the database is used as it is (an older checkout measured on a newer database).
  if (process.env['BENCH_AS_IS'])
    return {
      url,
      db,
      vendors: (await db('vendors').where('name', 'like', 'Synthetic Vendor %').orderBy('id').limit(2).pluck('id')).map(Number),
    };
  await migrate(db);
  await seedDemoCheaply(db);
  const synthetic = Number((await db('products').where('product_code', 'like', 'SYN-%').count({ n: '*' }).first())?.['n'] ?? 0);
  if (synthetic < products) {
    console.log(`seeding ${products - synthetic} synthetic products (${await productCount(db)} there)…`);
    await seedSyntheticCatalogue(db, { products: products - synthetic });
    await refreshStatistics(db);
  }
  const vendors = (await db('vendors').where('name', 'like', 'Synthetic Vendor %').orderBy('id').limit(2).pluck('id')).map(Number);
  return { url, vendors, db };
}

export interface Case {
  name: string;
  path: string;
  signedIn?: boolean;
  /** The path names the first page; the case is its last. */
  lastPage?: boolean;
}

export interface Row {
  name: string;
  portal: Load;
  bare: Load;
  /** The first answer of the case after the server started (nothing cached): ms. */
  first: number;
  total: string;
}

/** A signed-in session's cookie header, from the portal's sign-in. */
export async function loginCookie(baseUrl: string, email = 'buyer@customer.example'): Promise<string> {
  const probe = await fetch(`${baseUrl}/healthz`);
  const csrf = /hub_csrf=([^;]+)/.exec(probe.headers.getSetCookie().join('\n'))?.[1] ?? '';
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `hub_csrf=${csrf}` },
    body: JSON.stringify({ email_address: email, password: 'demo-password' }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/**
 * Each case on the portal, then on a bare Koa route serving the bytes the portal answered (no
 * Accept-Encoding: both send the same uncompressed bytes).
 */
export async function measure(
  url: string,
  cases: Case[],
  options: { seconds: number; connections: number; rounds: number; answersFile: string; login: (baseUrl: string) => Promise<string> },
): Promise<Row[]> {
  const portal = await startServer(['portal', url]);
  const base = `http://127.0.0.1:${portal.port}`;
  const cookie = await options.login(base);
  const answers: RecordedAnswer[] = [];
  const firsts: { path: string; first: number; total: string; headers: Record<string, string> }[] = [];
  for (const entry of cases) {
    const headers: Record<string, string> = entry.signedIn ? { cookie } : {};
    let path = entry.path;
    let start = performance.now();
    let response = await fetch(`${base}${path}`, { headers });
    let first = performance.now() - start;
    if (entry.lastPage) {
      const pages = Number(response.headers.get('x-total-pages'));
      path = `${path}${path.includes('?') ? '&' : '?'}page=${Math.max(1, pages)}`;
      start = performance.now();
      response = await fetch(`${base}${path}`, { headers });
      first = performance.now() - start;
    }
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    answers.push({ path, contentType: response.headers.get('content-type') ?? 'application/json', body: body.toString('base64') });
    firsts.push({ path, first, total: response.headers.get('x-total-count') ?? '', headers });
  }
  writeFileSync(options.answersFile, JSON.stringify(answers));
  const bare = await startServer(['bare', options.answersFile]);
  const bareBase = `http://127.0.0.1:${bare.port}`;
  // Portal and ceiling in turns, a few seconds each: the load other work puts on the machine
  // drifts, and taking turns spreads the drift over both sides of the ratio.
  const portalLoads: Load[] = [];
  const bareLoads: Load[] = [];
  const turn = Math.max(1, options.seconds / options.rounds);
  for (const entry of firsts) {
    const portalSamples: Sample[] = [];
    const bareSamples: Sample[] = [];
    for (let round = 0; round < options.rounds; round++) {
      portalSamples.push(await sample(`${base}${entry.path}`, { connections: options.connections, seconds: turn, headers: entry.headers }));
      bareSamples.push(await sample(`${bareBase}${entry.path}`, { connections: options.connections, seconds: turn }));
    }
    portalLoads.push(combine(portalSamples));
    bareLoads.push(combine(bareSamples));
  }
  await portal.stop();
  await bare.stop();
  return cases.map((entry, index) => ({
    name: entry.name,
    portal: portalLoads[index]!,
    bare: bareLoads[index]!,
    first: firsts[index]!.first,
    total: firsts[index]!.total,
  }));
}

export function printTable(title: string, rows: Row[]): void {
  const fixed = (value: number, digits = 0) => value.toFixed(digits);
  console.log(`\n${title}; server on core 0, autocannon on core 1; the machine is shared, so read the ratios\n`);
  console.log(
    '| case | portal req/s | bare Koa req/s | ratio | portal p95 ms | portal p99 ms | bare p99 ms | first (uncached) ms | bytes | total |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const errors = row.portal.errors + row.bare.errors;
    console.log(
      `| ${row.name} | ${fixed(row.portal.rps)} | ${fixed(row.bare.rps)} | ${(row.portal.rps / Math.max(1, row.bare.rps)).toFixed(2)}× | ${fixed(row.portal.p95, 1)} | ${fixed(row.portal.p99, 1)} | ${fixed(row.bare.p99, 1)} | ${fixed(row.first, 1)} | ${fixed(row.portal.bytes)} | ${row.total}${errors > 0 ? ` (${errors} errors)` : ''} |`,
    );
  }
}
