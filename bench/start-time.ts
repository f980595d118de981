/**
 * `npm start` to its first answers (issue 11: first 200 in ≤ 1.5 s on an unchanged checkout): starts
 * the portal the way the README says, on a migrated demo database, and polls /healthz and then /
 * until both answer 200; prints the wall-clock time and the CPU time of the whole process tree
 * (npm, its shell, the server) at that moment. In the same run and the same way, taking turns:
 * a bare `node -e` HTTP server (Node's own start-up: the floor) and the package's start command
 * run by `sh` without npm (npm's share). The started commands run on core 0 (taskset), this
 * process polls from core 1. A first start, not counted, builds whatever is stale.
 *
 *   npx tsx bench/start-time.ts [--rounds 5]
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { connect, migrate } from '../server/db/connect';
import { seedDemoCheaply } from './support/ceiling';
import { canPin } from './support/pinned';
import { cpuMsOfTree } from './support/cpuTime';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);

interface Started {
  wallMs: number;
  cpuMs: number;
}

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The status of GET path, or 0 when nothing answers yet. */
function status(port: number, path: string): Promise<number> {
  return new Promise((resolve) => {
    const asked = request({ host: '127.0.0.1', port, path, timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    asked.on('error', () => resolve(0));
    asked.on('timeout', () => asked.destroy());
    asked.end();
  });
}

/** Starts `command` with sh, waits for 200 on /healthz and then /, measures, and stops the tree. */
async function startOnce(command: string, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const pinned = canPin ? `taskset -c 0 ${command}` : command;
  const began = performance.now();
  // Its own process group, so the whole tree is stopped at the end.
  const child = spawn('sh', ['-c', `exec ${pinned}`], {
    cwd: root,
    detached: true,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    for (const path of ['/healthz', '/']) {
      while ((await status(port, path)) !== 200) {
        if (exited) throw new Error(`${command} exited before answering ${path}:\n${errors}`);
        if (performance.now() - began > 120_000) throw new Error(`${command}: no 200 on ${path} within 120 s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    const wallMs = performance.now() - began;
    return { wallMs, cpuMs: cpuMsOfTree(child.pid!) };
  } finally {
    if (!exited) {
      const gone = new Promise((resolve) => child.on('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await gone;
    }
  }
}

const databaseFile = join(tmpdir(), `bench-start-${process.pid}.sqlite`);
const db = connect(`sqlite://${databaseFile}`);
await migrate(db);
await seedDemoCheaply(db);
await db.destroy();

const startScript = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
const env = { DATABASE_URL: `sqlite://${databaseFile}` };
const cases: { name: string; command: string }[] = [
  {
    name: 'bare node -e http server',
    command: `${process.execPath} -e "require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT, '127.0.0.1')"`,
  },
  { name: `start command without npm (${startScript})`, command: startScript },
  { name: 'npm start', command: 'npm start' },
];

try {
  console.log('first npm start (builds what is stale, not counted)…');
  const first = await startOnce('npm start', env);
  console.log(`  ${(first.wallMs / 1000).toFixed(2)} s wall-clock, ${(first.cpuMs / 1000).toFixed(2)} s CPU`);
  const seen = new Map<string, Started[]>(cases.map((entry) => [entry.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const entry of cases) seen.get(entry.name)!.push(await startOnce(entry.command, env));
  }
  const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const floor = median(seen.get(cases[0]!.name)!.map((run) => run.wallMs));
  console.log(`\n${rounds} rounds, each case in turn${canPin ? ', started on core 0' : ' (unpinned: no taskset)'}; median (min–max)`);
  for (const entry of cases) {
    const runs = seen.get(entry.name)!;
    const walls = runs.map((run) => run.wallMs);
    const cpus = runs.map((run) => run.cpuMs);
    console.log(
      `  ${entry.name}\n    wall ${seconds(median(walls))} (${seconds(Math.min(...walls))}–${seconds(Math.max(...walls))}), ${(median(walls) / floor).toFixed(1)}× the bare server; CPU ${seconds(median(cpus))} (${seconds(Math.min(...cpus))}–${seconds(Math.max(...cpus))})`,
    );
  }
} finally {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${databaseFile}${suffix}`, { force: true });
}
