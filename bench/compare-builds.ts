/**
 * Two builds of the portal against each other (an A/B of a change): each git revision is checked
 * out into a worktree under data/compare/, bundled as `npm start` bundles the portal, started on
 * core 0, and loaded with autocannon from core 1 in alternating turns on one path. It prints each
 * side's requests a second and B/A. The ratio against the bare-Koa ceiling
 * (catalogue-ceiling.ts) moves with the ceiling's own swings; two portals in turns on one database
 * tell a few per cent apart (an A/A run reads 0.99).
 *
 *   npx tsx bench/compare-builds.ts <rev A> <rev B> [--path /api/v1/products] [--signed-out] [--rounds 8] [--seconds 3]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/compare-builds.ts HEAD~1 HEAD
 *
 * `.` as a revision is the working tree as it is. The database is the catalogue bench's (100,000
 * products, data/bench-catalogue-100000.sqlite, made by catalogue-ceiling.ts) unless
 * BENCH_DATABASE_URL names one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../scripts/builds.js';
import { loginCookie } from './support/ceiling';
import { runPinned, sample, startBundled } from './support/pinned';

await runPinned();

const root = fileURLToPath(new URL('..', import.meta.url));
const option = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1]! : fallback;
};
const [revisionA, revisionB] = process.argv.slice(2, 4);
if (!revisionA || !revisionB || revisionA.startsWith('--') || revisionB.startsWith('--'))
  throw new Error('usage: compare-builds.ts <rev A> <rev B> [--path …] [--signed-out] [--rounds 8] [--seconds 3]');
const path = option('path', '/api/v1/products');
const rounds = Number(option('rounds', '8'));
const seconds = Number(option('seconds', '3'));
const signedIn = !process.argv.includes('--signed-out');
const url = process.env['BENCH_DATABASE_URL'] ?? `sqlite://${join(root, 'data/bench-catalogue-100000.sqlite')}`;

/** Worktrees made for this run, removed at its end (the bundles read files beside their sources until then). */
const worktrees: string[] = [];
const removeWorktree = (tree: string) => execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root });

/** The revision's tree (the working tree for `.`), bundled: the path of its entry. */
async function bundled(revision: string, side: string): Promise<string> {
  let tree = root;
  if (revision !== '.') {
    tree = join(root, 'data/compare', side);
    if (existsSync(tree)) removeWorktree(tree);
    worktrees.push(tree);
    mkdirSync(join(root, 'data/compare'), { recursive: true });
    execFileSync('git', ['worktree', 'add', '--detach', tree, revision], { cwd: root, stdio: 'ignore' });
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
  }
  const folder = join(root, 'data/compare', `${side}-bundle`);
  await bundleServer(tree, 'bench/support/benchServer.ts', folder);
  return join(folder, 'main.js');
}

async function start(entry: string) {
  const server = await startBundled(entry, ['portal', url]);
  const base = `http://127.0.0.1:${server.port}`;
  const headers: Record<string, string> = signedIn ? { cookie: await loginCookie(base) } : {};
  const first = await fetch(`${base}${path}`, { headers });
  if (first.status !== 200) throw new Error(`${entry}: ${path} answered ${first.status}`);
  return { server, target: `${base}${path}`, headers };
}

const a = await start(await bundled(revisionA, 'a'));
const b = await start(await bundled(revisionB, 'b'));
let requestsA = 0;
let requestsB = 0;
for (let round = 0; round < rounds; round++) {
  const loadA = await sample(a.target, { connections: 32, seconds, headers: a.headers });
  const loadB = await sample(b.target, { connections: 32, seconds, headers: b.headers });
  requestsA += loadA.requests;
  requestsB += loadB.requests;
  console.log(`turn ${round + 1}: A ${Math.round(loadA.requests / seconds)} req/s, B ${Math.round(loadB.requests / seconds)} req/s`);
}
const time = rounds * seconds;
console.log(`\n${path} (${signedIn ? 'signed in' : 'signed out'}), ${url.replace(/\/\/[^@]*@/, '//***@')}`);
console.log(
  `A ${revisionA}: ${Math.round(requestsA / time)} req/s; B ${revisionB}: ${Math.round(requestsB / time)} req/s; B/A ${(requestsB / Math.max(1, requestsA)).toFixed(3)}`,
);
await a.server.stop();
await b.server.stop();
for (const tree of worktrees) removeWorktree(tree);
process.exit(0);
