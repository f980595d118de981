/**
 * `npm start`: builds the web client only when what it is built from changed since the last build
 * (a hash of those files, kept in dist/.build-hash), then starts the server in this process, so an
 * unchanged checkout answers its first request in about a second (docs/performance.md).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** What the client build reads: its sources, the generated runtime, its configuration and the locked packages. */
const INPUTS = ['index.html', 'vite.config.ts', 'tsconfig.json', 'tsconfig.web.json', 'package-lock.json', 'runtime', 'screens', 'public'];
const STAMP = join(root, 'dist/.build-hash');

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => (name === 'node_modules' || /\.test\.tsx?$/.test(name) ? [] : filesUnder(join(path, name))));
}

/** A hash of every input's path and content: touching a file without changing it builds nothing. */
export function clientInputsHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => filesUnder(join(root, input)))) {
    hash.update(`${relative(root, file)}\0`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

const wanted = clientInputsHash();
const built = existsSync(join(root, 'dist/index.html')) && existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
if (built !== wanted) {
  console.log(built ? 'The web client changed: building it…' : 'Building the web client…');
  const vite = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (vite.status !== 0) process.exit(vite.status ?? 1);
  writeFileSync(STAMP, `${wanted}\n`);
}
await import('../server/main');
