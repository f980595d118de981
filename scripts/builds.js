// What `npm start` runs is built from the sources only when they changed since the last build: the
// web client (Vite, into dist/) and the server (esbuild, into dist-server/). Each build leaves a
// stamp: a hash of every file it was built from. Plain JavaScript, so that checking the stamps
// needs no TypeScript loader: an unchanged checkout starts without compiling anything
// (docs/performance.md, "npm start"). Typed for the TypeScript side by builds.d.ts.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This file: how the server is built is itself an input of the server build. */
const RECIPE = fileURLToPath(import.meta.url);

/** What the client build reads: its sources, the generated runtime, its configuration and the locked packages. */
const CLIENT_INPUTS = [
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.web.json',
  'package-lock.json',
  'runtime',
  'screens',
  'public',
];
/** What the server build reads besides the modules it bundles: the locked packages and the TypeScript settings. */
const SERVER_SETTINGS = ['package-lock.json', 'tsconfig.json'];

/** Every file under `path` (itself when it is a file), tests and node_modules left out, in a stable order. */
function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => (name === 'node_modules' || /\.test\.tsx?$/.test(name) ? [] : filesUnder(join(path, name))));
}

/**
 * A hash of the files' paths (relative to root) and contents; a file that is missing hashes as
 * such. Touching a file without changing it changes nothing.
 */
export function inputsHash(root, files) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${relative(root, file)}\0`);
    hash.update(existsSync(file) ? readFileSync(file) : '\0missing\0');
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readStamp(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Each file's size and modification time, by its path relative to root (null when missing). */
function statsOf(root, files) {
  return Object.fromEntries(
    files.map((file) => {
      const stat = statSync(file, { throwIfNoEntry: false });
      return [relative(root, file), stat ? [stat.size, stat.mtimeMs] : null];
    }),
  );
}

/** A stamp of the files: their content hash and their sizes and times. */
function stampOf(root, files, extra = {}) {
  return { ...extra, hash: inputsHash(root, files), stats: statsOf(root, files) };
}

/** Writes beside and renames: a reader sees the old file or the new one. */
function writeAtomically(file, contents) {
  writeFileSync(`${file}.part`, contents);
  renameSync(`${file}.part`, file);
}

/**
 * Whether the files are what `stampFile` was made from. Every file with the size and time the stamp
 * noted is taken as unchanged without reading it (a start reads no source); otherwise their
 * contents are hashed, and a file touched but not changed only refreshes the stamp's times.
 */
function matchesStamp(root, files, stampFile) {
  const stamp = readStamp(stampFile);
  if (!stamp || typeof stamp.hash !== 'string' || !stamp.stats) return false;
  const stats = statsOf(root, files);
  const noted = Object.keys(stamp.stats);
  const same =
    noted.length === files.length &&
    Object.entries(stats).every(([file, stat]) => JSON.stringify(stamp.stats[file]) === JSON.stringify(stat));
  if (same) return true;
  if (inputsHash(root, files) !== stamp.hash) return false;
  try {
    writeAtomically(stampFile, `${JSON.stringify({ ...stamp, stats })}\n`);
  } catch {
    // A read-only checkout: the contents are compared again next time.
  }
  return true;
}

/** Builds dist/ with Vite unless its stamp matches the client's sources. Answers whether it built. */
export function ensureClient(root) {
  const stampFile = join(root, 'dist/.build-stamp.json');
  const inputs = CLIENT_INPUTS.flatMap((input) => filesUnder(join(root, input)));
  const built = existsSync(join(root, 'dist/index.html')) && existsSync(stampFile);
  if (built && matchesStamp(root, inputs, stampFile)) return false;
  console.log(built ? 'The web client changed: building it…' : 'Building the web client…');
  const vite = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (vite.status !== 0) throw new Error(`the web client's build failed (vite exited with ${vite.status})`);
  // Vite empties dist/ first: the stamp is written after it.
  writeAtomically(stampFile, `${JSON.stringify(stampOf(root, inputs))}\n`);
  return true;
}

/** Where the built server is: its folder, its entry module and its stamp. */
export function serverBuildPaths(root) {
  const folder = join(root, 'dist-server');
  return { folder, entry: join(folder, 'main.js'), stamp: join(folder, 'stamp.json') };
}

/** The files a server build depends on: the modules it bundled, as its stamp lists them, and the settings. */
function serverInputs(root, modules) {
  return [...modules.map((module) => join(root, module)), ...SERVER_SETTINGS.map((setting) => join(root, setting)), RECIPE];
}

/**
 * Whether dist-server/ is older than its sources: no stamp or no bundle, or a change in any module
 * the last build bundled (as listed by esbuild), the locked packages, the TypeScript settings or
 * this recipe. A module the last build did not bundle can only join through a change to one it did.
 */
export function serverIsStale(root) {
  const { entry, stamp } = serverBuildPaths(root);
  const last = readStamp(stamp);
  if (!last || !existsSync(entry) || !Array.isArray(last.modules)) return true;
  return !matchesStamp(root, serverInputs(root, last.modules), stamp);
}

/**
 * The bundle lives in dist-server/, but modules find files beside their sources
 * (`new URL('../generated/…', import.meta.url)`, the project root from server/db/connect.ts): each
 * module's `import.meta.url` is rewritten to its source file's URL, relative to the bundle, so the
 * checkout can move.
 */
function sourceImportMetaUrl(outFolder) {
  return {
    name: 'source-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes('/node_modules/')) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const fromBundle = relative(outFolder, args.path).split('\\').join('/');
        return {
          contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
          loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        };
      });
    },
  };
}

/**
 * Bundles `entry` into `folder`/main.js with esbuild: the project's modules as ES modules, the
 * packages left to Node (node_modules is resolved as before), a module imported with import() in a
 * chunk of its own (loaded when it is, as before: the demo seed), with source maps so stack traces
 * name the TypeScript lines. Files are written beside and renamed, chunks before the entry, so a
 * start meanwhile runs the old build or the new one; files of earlier builds go (but `keep`). Answers the
 * project's modules it bundled, relative to root.
 */
export async function bundleServer(root, entry, folder, keep = []) {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: join(root, entry) },
    outdir: folder,
    // Chunks beside the entry: the rewritten import.meta.url is relative to the folder itself.
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    sourcemap: 'linked',
    // Stack traces need the mappings only (the sources are beside): a third of the map to read at start.
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins: [sourceImportMetaUrl(folder)],
  });
  const written = new Set(keep);
  const entryFirst = (file) => (relative(folder, file.path).startsWith('main.') ? 1 : 0);
  mkdirSync(folder, { recursive: true });
  for (const file of [...result.outputFiles].sort((a, b) => entryFirst(a) - entryFirst(b))) {
    if (dirname(file.path) !== folder) throw new Error(`${file.path}: the server build writes into ${folder} only`);
    writeAtomically(file.path, file.contents);
    written.add(file.path);
  }
  for (const file of filesUnder(folder)) if (!written.has(file)) rmSync(file, { force: true });
  // esbuild names its inputs relative to the working directory: root.
  return Object.keys(result.metafile.inputs)
    .filter((input) => !input.includes('node_modules/'))
    .sort();
}

/** Bundles `entry` (server/main.ts) into dist-server/main.js (bundleServer), stamped last. */
export async function buildServer(root, entry = 'server/main.ts') {
  const { folder, stamp } = serverBuildPaths(root);
  const modules = await bundleServer(root, entry, folder, [stamp]);
  writeAtomically(stamp, `${JSON.stringify(stampOf(root, serverInputs(root, modules), { modules }))}\n`);
}

/** Builds the server unless dist-server/ is up to date. Answers whether it built. */
export async function ensureServer(root) {
  if (!serverIsStale(root)) return false;
  console.log(existsSync(serverBuildPaths(root).stamp) ? 'The server changed: building it…' : 'Building the server…');
  await buildServer(root);
  return true;
}

/** The project root, from scripts/. */
export const PROJECT_ROOT = dirname(dirname(RECIPE));
