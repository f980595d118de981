import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, inputsHash, serverBuildPaths, serverIsStale } from '../../scripts/builds.js';

// `npm start` runs the server built by scripts/builds.js; these build a small project of the same
// shape in a scratch folder and run what was built.

const root = mkdtempSync(join(tmpdir(), 'hub-builds-'));
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};
const run = () => execFileSync(process.execPath, [serverBuildPaths(root).entry], { encoding: 'utf8' }).trim();

beforeAll(async () => {
  // A module that reads a file beside its source (as server/http/apiRouter.ts reads the API
  // reference), and one loaded only by import() (as the demo seed is).
  write(
    'server/main.ts',
    "import { greeting } from './http/greeting';\nconst { later } = await import('./lazy');\nconsole.log(`${greeting()} ${later}`);\n",
  );
  write(
    'server/http/greeting.ts',
    "import { readFileSync } from 'node:fs';\nexport const greeting = (): string => readFileSync(new URL('../generated/word.txt', import.meta.url), 'utf8').trim();\n",
  );
  write('server/generated/word.txt', 'hello\n');
  write('server/lazy.ts', "export const later: string = 'world';\n");
  write('server/unused.ts', 'export const unused = 1;\n');
  await buildServer(root);
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the server build', () => {
  it('runs from dist-server/, its modules finding the files beside their sources', () => {
    expect(run()).toBe('hello world');
  });

  it('is up to date until a module it bundled changes, touched or not', () => {
    expect(serverIsStale(root)).toBe(false);
    // Touched, the same contents: still up to date.
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(root, 'server/lazy.ts'), later, later);
    expect(serverIsStale(root)).toBe(false);
    // A module it did not bundle changes nothing.
    write('server/unused.ts', 'export const unused = 2;\n');
    expect(serverIsStale(root)).toBe(false);
    write('server/lazy.ts', "export const later: string = 'there';\n");
    expect(serverIsStale(root)).toBe(true);
  });

  it('is stale when the locked packages or the TypeScript settings change', async () => {
    await buildServer(root);
    expect(run()).toBe('hello there');
    expect(serverIsStale(root)).toBe(false);
    write('package-lock.json', '{}\n');
    expect(serverIsStale(root)).toBe(true);
    await buildServer(root);
    write('tsconfig.json', '{}\n');
    expect(serverIsStale(root)).toBe(true);
  }, 60_000);

  it('is stale without its bundle', async () => {
    await buildServer(root);
    rmSync(serverBuildPaths(root).entry);
    expect(serverIsStale(root)).toBe(true);
  }, 60_000);
});

describe('inputsHash', () => {
  it('follows paths and contents, a missing file included', () => {
    write('a.txt', 'one');
    const files = [join(root, 'a.txt'), join(root, 'missing.txt')];
    const before = inputsHash(root, files);
    expect(inputsHash(root, files)).toBe(before);
    write('a.txt', 'two');
    expect(inputsHash(root, files)).not.toBe(before);
    write('missing.txt', '');
    expect(inputsHash(root, [join(root, 'a.txt'), join(root, 'missing.txt')])).not.toBe(
      inputsHash(root, [join(root, 'a.txt'), join(root, 'gone.txt')]),
    );
  });
});
