/**
 * The catalogue against the framework's own ceiling (issue 11's table): each case is loaded with
 * autocannon (32 connections) on the portal, then on a bare Koa route answering the same bytes from
 * memory, the server pinned to core 0 and the load generator to core 1, in one run; it prints both
 * and their ratio. Absolute figures move with whatever else the machine runs: read the ratios.
 *
 *   npx tsx bench/catalogue-ceiling.ts [--products 100000] [--seconds 9] [--rounds 3] [--only <text>] [--connections 32]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/catalogue-ceiling.ts
 *
 * The SQLite database is kept in data/bench-catalogue-<products>.sqlite and reused by later runs
 * (seeding a million products takes minutes).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runPinned } from './support/pinned';
import { benchDatabase, loginCookie, measure, printTable, type Case } from './support/ceiling';
import { numberArgument } from './support/arguments';

await runPinned();

const products = numberArgument('products', 100_000);
const seconds = numberArgument('seconds', 9);
const connections = numberArgument('connections', 32);
const rounds = numberArgument('rounds', 3);

const started = performance.now();
const { url, vendors } = await benchDatabase(products);
console.log(
  `database ${url.replace(/\/\/[^@]*@/, '//***@')}: ${products} synthetic products ready in ${Math.round(performance.now() - started)} ms`,
);

const filters = `text=pro&vendor=${vendors[0]}&vendor=${vendors[1]}&value_from=100&value_to=2000`;
const allCases: Case[] = [
  { name: 'public: page 1, 24, -popularity', path: '/api/v1/public/webstore' },
  { name: 'public: text+vendor+price, +price', path: `/api/v1/public/webstore?${filters}&sort_by=%2Bprice` },
  { name: 'public: last page, 96, +name', path: '/api/v1/public/webstore?per_page=96&sort_by=%2Bname', lastPage: true },
  { name: 'signed in: page 1, 24, -popularity', path: '/api/v1/products', signedIn: true },
  { name: 'signed in: text+vendor+price, +price', path: `/api/v1/products?${filters}&sort_by=%2Bprice`, signedIn: true },
  { name: 'signed in: last page, 96, +name', path: '/api/v1/products?per_page=96&sort_by=%2Bname', signedIn: true, lastPage: true },
];
// --only <text>: the cases whose name contains it (a before-and-after run of a few cases).
const only = process.argv.indexOf('--only') >= 0 ? (process.argv[process.argv.indexOf('--only') + 1] ?? '') : '';
const cases = allCases.filter((entry) => entry.name.includes(only));

mkdirSync(tmpdir(), { recursive: true });
const answersFile = join(tmpdir(), `bench-answers-${process.pid}.json`);
const rows = await measure(url, cases, { seconds, connections, rounds, answersFile, login: loginCookie });
writeFileSync(answersFile, '');
printTable(`${products} products, ${connections} connections, ${seconds} s a case on each side in ${rounds} turns`, rows);
process.exit(0);
