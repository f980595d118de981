import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SpecError } from './load/readSpec';
import { DataLossRefused, type Snapshot } from './emit/migration';
import { generate, loadModel } from './generate';
import { slotComponents } from './emit/slotRegistry';
import type { Model } from './model/types';

function readMigrations(root: string): { snapshot: Snapshot | undefined; existing: string[] } {
  const dir = join(root, 'server/migrations');
  const snapshotPath = join(dir, 'snapshot.json');
  return {
    snapshot: existsSync(snapshotPath) ? (JSON.parse(readFileSync(snapshotPath, 'utf8')) as Snapshot) : undefined,
    existing: existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => /^\d{4}_.*\.js$/.test(name))
          .sort()
      : [],
  };
}

/** A spec that names a missing component (a screen's, or a tab's, cell's or action's) fails here, before type-check would. */
function missingComponents(root: string, model: Model): string[] {
  const exists = (file: string) => ['.tsx', '.ts'].some((ext) => existsSync(join(root, 'screens', file + ext)));
  const screens = model.screens.flatMap((screen) =>
    screen.kind === 'component' && !exists(screen.file) ? [`screen "${screen.name}": screens/${screen.file}.tsx does not exist`] : [],
  );
  const slots = slotComponents(model).flatMap((use) => {
    const file = use.ref.split('#')[0] ?? '';
    return exists(file) ? [] : [`${use.where}: screens/${file}.tsx does not exist`];
  });
  return [...screens, ...slots];
}

export async function runGenerate(root: string, check: boolean): Promise<number> {
  const model = loadModel(join(root, 'spec'));
  const missing = missingComponents(root, model);
  if (missing.length > 0) {
    for (const line of missing) console.error(`hub generate: ${line}`);
    return 1;
  }
  const output = await generate(model, readMigrations(root));
  const stale = [...output.files].filter(([path, content]) => {
    const full = join(root, path);
    return !existsSync(full) || readFileSync(full, 'utf8') !== content;
  });
  if (check) {
    if (output.newMigration)
      console.error(`hub generate --check: the data model changed and no migration records it (would write ${output.newMigration})`);
    for (const [path] of stale) console.error(`hub generate --check: ${path} is stale`);
    if (stale.length > 0) {
      console.error('Run `npm run generate` and commit the result.');
      return 1;
    }
    console.log(`hub generate --check: ${output.files.size} generated files are fresh`);
    return 0;
  }
  for (const [path, content] of stale) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
    console.log(`wrote ${path}`);
  }
  if (output.newMigration) console.log(`new migration: server/migrations/${output.newMigration}`);
  console.log(`hub generate: ${output.files.size} files, ${stale.length} changed`);
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  const rootFlag = argv.indexOf('--root');
  const root = resolve(rootFlag >= 0 ? (argv[rootFlag + 1] ?? '.') : '.');
  try {
    return await runGenerate(root, argv.includes('--check'));
  } catch (error) {
    if (error instanceof SpecError) {
      // Several problems found together (SpecErrors) come one a line.
      for (const line of error.message.split('\n')) console.error(`spec error: ${line}`);
      return 1;
    }
    if (error instanceof DataLossRefused) {
      console.error(`migration refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
