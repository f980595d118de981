import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../../scripts/builds.js';
import autocannon from 'autocannon';
import { limitToShare } from './cpuShare';

/**
 * Pinning: the server under test on core 0, the load generator (this process) on core 1, so the
 * two do not take turns on one core. Without taskset (or with one core) both run unpinned.
 */
const TASKSET = '/usr/bin/taskset';
export const canPin = existsSync(TASKSET);

/** Re-runs this script pinned to core 1 unless it is already. */
export function pinSelf(): void {
  if (!canPin || process.env['BENCH_PINNED']) return;
  const child = spawn(TASKSET, ['-c', '1', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_PINNED: '1' },
  });
  child.on('exit', (code) => process.exit(code ?? 1));
  // Nothing below runs in this (the unpinned) process.
  throw new PinnedElsewhere();
}
export class PinnedElsewhere extends Error {}

export interface Started {
  port: number;
  /** The server's process (taskset execs it). */
  pid: number;
  stop(): Promise<void>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));
let bundled: Promise<string> | undefined;

/**
 * bench/support/benchServer.ts bundled as `npm start` bundles the server (scripts/builds.js), into
 * data/bench-server/, once a run: the portal is measured as it runs in production, with plain
 * Node, not through the TypeScript loader (which wraps every function it creates to keep its name).
 */
function benchServerBundle(): Promise<string> {
  bundled ??= bundleServer(root, 'bench/support/benchServer.ts', join(root, 'data/bench-server')).then(() =>
    join(root, 'data/bench-server/main.js'),
  );
  return bundled;
}

/**
 * The Node flags `npm start` gives the portal (package.json's start script, the one place they are
 * written), so the bench server runs as the portal does. BENCH_NODE_FLAGS come after them and win.
 */
function startFlags(): string[] {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  return scripts['start']!.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * The servers this run started and has not stopped: stopped as it exits, however it exits. A
 * bench that failed half-way (a thrown error) left its servers running, each taking its share of
 * core 0 from every later run.
 */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

/** Starts the bench server (benchServer.ts) on core 0 (or `core`, limited to `coreShare` of it: cpuShare.ts) and waits for its port. */
export async function startServer(args: string[], env: Record<string, string> = {}, core = 0, coreShare?: number): Promise<Started> {
  return startBundled(await benchServerBundle(), args, env, core, coreShare);
}

/** Starts a bundled bench server (`entry`, a build of benchServer.ts) on core 0 (or `core`, limited to `coreShare` of it) and waits for its port. */
export function startBundled(
  entry: string,
  args: string[],
  env: Record<string, string> = {},
  core = 0,
  coreShare?: number,
): Promise<Started> {
  // BENCH_CPU_PROF=<folder>: the server writes a CPU profile there when it stops.
  const profile = process.env['BENCH_CPU_PROF'] ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_CPU_PROF']}`] : [];
  // BENCH_NODE_FLAGS="--max-semi-space-size=64 …": V8 or Node flags for the server alone, to try one.
  const flags = (process.env['BENCH_NODE_FLAGS'] ?? '').split(/\s+/).filter(Boolean);
  const command = [process.execPath, ...startFlags(), ...flags, ...profile, entry, ...args];
  const child: ChildProcess = canPin
    ? spawn(TASKSET, ['-c', String(core), ...command], { env: { ...process.env, ...env } })
    : spawn(command[0]!, command.slice(1), { env: { ...process.env, ...env } });
  child.stderr?.pipe(process.stderr);
  running.add(child);
  // taskset becomes node (it execs it), so the child's pid is the server's.
  const unlimit = coreShare === undefined ? undefined : limitToShare(child.pid!, coreShare);
  // What its exit releases, whether it stopped (stop(), which replaces the exit's listeners) or died.
  const released = () => {
    running.delete(child);
    unlimit?.();
  };
  child.once('exit', released);
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const port = /listening (\d+)/.exec(chunk.toString())?.[1];
      if (port) {
        resolve({
          port: Number(port),
          pid: child.pid!,
          stop: () =>
            new Promise((done) => {
              child.removeAllListeners('exit');
              child.on('exit', () => {
                released();
                done();
              });
              child.kill('SIGTERM');
            }),
        });
      }
    });
  });
}

export interface Load {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Bytes of one answer, body and headers. */
  bytes: number;
  errors: number;
}

/** What one autocannon run saw: every answer's latency (ms). */
export interface Sample {
  requests: number;
  seconds: number;
  bytes: number;
  errors: number;
  times: number[];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** autocannon against one URL for a while, keeping every answer's latency. */
export function sample(
  url: string,
  options: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<Sample> {
  const times: number[] = [];
  const seconds = options.seconds ?? 10;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections: options.connections ?? 32, duration: seconds, headers: options.headers ?? {} },
      (error, result) => {
        if (error) return reject(error);
        resolve({ requests: result.requests.total, seconds, bytes: result.throughput.total, errors: result.errors + result.non2xx, times });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** Samples taken in turns, as one load: requests a second and latency percentiles over all of them. */
export function combine(samples: Sample[]): Load {
  const times = samples.flatMap((one) => one.times).sort((a, b) => a - b);
  const requests = samples.reduce((sum, one) => sum + one.requests, 0);
  const seconds = samples.reduce((sum, one) => sum + one.seconds, 0);
  return {
    rps: requests / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    bytes: samples.reduce((sum, one) => sum + one.bytes, 0) / Math.max(1, requests),
    errors: samples.reduce((sum, one) => sum + one.errors, 0),
  };
}

/**
 * A bench's first line: `await runPinned()`. In the unpinned process it waits for the pinned copy
 * (which ends the process with its exit code), so nothing after it runs twice.
 */
export async function runPinned(): Promise<void> {
  try {
    pinSelf();
  } catch (error) {
    if (error instanceof PinnedElsewhere) await new Promise(() => undefined);
    throw error;
  }
}
