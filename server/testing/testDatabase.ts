import { randomBytes } from 'node:crypto';
import { copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { connect, migrate } from '../db/connect';
import { seedDemo } from '../../seeds/demo';
import { hashPassword } from '../modules/auth/passwords';
import { keyRingOf, newKey, useKeyRing } from '../db/secrets';
import { TEMPLATE_VARIABLES, TEST_KEY_VARIABLE } from './templateNames';

// A key ring of the test run's own (globalDatabases.ts hands every worker the same key, so the
// template's sealed secrets open everywhere): no test writes a key into the project's data folder.
useKeyRing(keyRingOf([process.env[TEST_KEY_VARIABLE] ?? newKey()]));

export interface TestDatabase {
  db: Knex;
  url: string;
  kind: 'sqlite' | 'postgres';
  drop(): Promise<void>;
}

/**
 * Real scrypt at a low cost, hashed once per process, not once per seeded user per test file: the
 * test databases' users share one hash (the real seed gives each user its own salt at full cost,
 * seeds/demo.test.ts). The parameters are stored with the hash, so every sign-in of a test verifies
 * at this cost: hundreds of sign-ins across the suite, each a full-cost derivation (128 MiB and a
 * worker for a noticeable time on a 2-core machine) before. Full cost itself is tested in
 * auth.test.ts, and passwords set by the tests (invitations, resets) still hash at it.
 */
const TEST_COST = { N: 2 ** 12, r: 8, p: 1 };
const hashes = new Map<string, Promise<string>>();
export function cachedHash(plain: string): Promise<string> {
  let hash = hashes.get(plain);
  if (!hash) {
    hash = hashPassword(plain, TEST_COST);
    hashes.set(plain, hash);
  }
  return hash;
}

/**
 * A fresh, migrated database: a temporary SQLite file, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a new database on it that drop() removes again. With the run's templates
 * (globalDatabases.ts: migrated, and seeded with the demo) it is a copy of one, not built anew:
 * a file copy, or CREATE DATABASE … TEMPLATE, instead of every migration and the demo seed.
 */
export async function createTestDatabase(options: { demo?: boolean; fromTemplate?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  const name = `hub_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  // fromTemplate false: built anew, its demo secrets sealed under the process's current key ring
  // (a test of key rotation seals under a key of its own; the template's are under the run's).
  const template = options.fromTemplate === false ? undefined : process.env[TEMPLATE_VARIABLES[options.demo === false ? 'empty' : 'demo']];
  let result: TestDatabase;
  if (adminUrl && /^postgres/.test(adminUrl)) {
    const admin = knexFactory({ client: 'pg', connection: adminUrl });
    await admin.raw(template ? `create database ${name} template ${template}` : `create database ${name}`);
    await admin.destroy();
    const url = adminUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
    const db = connect(url);
    result = {
      db,
      url,
      kind: 'postgres',
      drop: async () => {
        await db.destroy();
        const cleanup = knexFactory({ client: 'pg', connection: adminUrl });
        await cleanup.raw(`drop database if exists ${name} with (force)`);
        await cleanup.destroy();
      },
    };
  } else {
    const file = join(tmpdir(), `${name}.sqlite`);
    if (template) copyFileSync(template, file);
    const db = connect(`sqlite://${file}`);
    result = {
      db,
      url: `sqlite://${file}`,
      kind: 'sqlite',
      drop: async () => {
        await db.destroy();
        for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
      },
    };
  }
  if (template) return result;
  await migrate(result.db);
  if (options.demo !== false) await seedDemo(result.db, { hashPassword: cachedHash });
  return result;
}
