import { rmSync } from 'node:fs';
import knexFactory from 'knex';
import { newKey } from '../db/secrets';
import { TEMPLATE_VARIABLES, TEST_KEY_VARIABLE } from './templateNames';

/**
 * Vitest's global set-up: before any test file runs, two template databases of this run (the
 * migrated schema, and the schema with the demo seeded) on the run's database (SQLite, or
 * TEST_DATABASE_URL's PostgreSQL), which createTestDatabase then copies for each test file. Every
 * file building its own by running each migration and the demo seed took a second and more on
 * SQLite and five on PostgreSQL, about two hundred times a run (CI time). A copy is still a
 * database of the file's own: no test sees another's writes.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // Before testDatabase.ts is loaded: it takes the run's key for the secrets the demo seals.
  process.env[TEST_KEY_VARIABLE] ??= newKey();
  const { createTestDatabase } = await import('./testDatabase');
  const built: { url: string; kind: 'sqlite' | 'postgres' }[] = [];
  for (const [kind, variable] of Object.entries(TEMPLATE_VARIABLES)) {
    const database = await createTestDatabase({ demo: kind === 'demo' });
    await database.db.destroy();
    built.push({ url: database.url, kind: database.kind });
    process.env[variable] = database.kind === 'sqlite' ? database.url.replace(/^sqlite:\/\//, '') : new URL(database.url).pathname.slice(1);
  }
  return async () => {
    for (const template of built) {
      if (template.kind === 'sqlite') {
        for (const suffix of ['', '-wal', '-shm']) rmSync(`${template.url.replace(/^sqlite:\/\//, '')}${suffix}`, { force: true });
        continue;
      }
      const admin = knexFactory({ client: 'pg', connection: process.env['TEST_DATABASE_URL'] });
      await admin.raw(`drop database if exists ${new URL(template.url).pathname.slice(1)} with (force)`);
      await admin.destroy();
    }
  };
}
