#!/usr/bin/env node
// The hub CLI: `hub generate [--check] [--root DIR]`, `hub migrate`, `hub seed [--demo] [--products N]`,
// `hub secrets new-key | reseal` (docs/secrets.md).
// It runs the TypeScript sources through tsx, so there is no build step.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [command, ...rest] = process.argv.slice(2);
const entries = {
  generate: 'generator/main.ts',
  migrate: 'server/cli/main.ts',
  seed: 'server/cli/main.ts',
  secrets: 'server/cli/main.ts',
};
const entry = entries[command ?? ''];
if (!entry) {
  console.error(
    'usage: hub generate [--check] [--root DIR] | hub migrate | hub seed [--demo] [--products N] | hub secrets new-key | reseal',
  );
  process.exit(2);
}
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const args = entry === 'server/cli/main.ts' ? [command, ...rest] : rest;
const result = spawnSync(process.execPath, [tsx, join(root, entry), ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
