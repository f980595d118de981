import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_KEY_VARIABLE } from './templateNames';
import type { TestDatabase } from './testDatabase';

const ROOT = join(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * A real server process (server/main.ts, as `npm run serve` runs it: tsx as a loader in the
 * server's own process) over the test database, on a port of its own. It holds the test run's key
 * (the template's sealed secrets open) and a data folder of its own; `env` adds to or overrides
 * what it is given (WEB_CONCURRENCY, NODE_ENV…).
 */
export async function startServerProcess(
  database: Pick<TestDatabase, 'url'>,
  env: Record<string, string> = {},
): Promise<ServerProcess & { dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-process-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      HUB_DATA_DIR: dataDir,
      PORT: '0',
      HUB_SECRET_KEY: process.env[TEST_KEY_VARIABLE] ?? '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  void exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await new Promise<number>((resolve, reject) => {
    const check = setInterval(() => {
      const match = /running at http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) {
        clearInterval(check);
        resolve(Number(match[1]));
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(check);
      reject(new Error(`the server exited (${code}) before listening:\n${output}`));
    });
  });
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited, dataDir };
}

/** SIGTERM, and the exit code once it has stopped (SIGKILL after `ms`, for a test that failed midway). */
export async function stopServerProcess(server: ServerProcess, ms = 20_000): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.child.exitCode;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), ms);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}
