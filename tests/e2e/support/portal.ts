import { test } from '@playwright/test';
import knex, { type Knex } from 'knex';
import type { E2ePortal } from '../../../playwright.config';

/** The portal the running test's project is served by (playwright.config.ts: each group has its own). */
function e2ePortal(): E2ePortal {
  return test.info().project.metadata['portal'] as E2ePortal;
}

/** The SQLite file of the running test's portal. */
const e2eDatabaseFile = (): string => e2ePortal().databaseFile;

/** The folder where the running test's portal's SMTP server writes what it receives. */
export const e2eMailDir = (): string => e2ePortal().mailDir;

/** A connection to the running test's portal database; the caller destroys it. */
export const openPortalDatabase = (): Knex =>
  knex({ client: 'better-sqlite3', connection: { filename: e2eDatabaseFile() }, useNullAsDefault: true });
