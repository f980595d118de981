import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory, { type Knex } from 'knex';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const MIGRATIONS_DIR = join(root, 'server/migrations');
export const DEFAULT_DATABASE_URL = `sqlite://${join(root, 'data/hub.sqlite')}`;

/**
 * The PostgreSQL driver, loaded when a PostgreSQL database is used (not for SQLite: it is not
 * needed there, and loading it cost start-up time; docs/performance.md, "npm start"). Knex
 * requires the same module, so the type parser set here is the one its queries use.
 */
function postgresDriver(): typeof import('pg') {
  const pg = createRequire(import.meta.url)('pg') as typeof import('pg');
  // bigint columns hold scaled money and epoch milliseconds, all far below 2^53.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
  return pg;
}

export function isPostgres(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** A Knex instance for DATABASE_URL: `postgres://…`, or `sqlite://<path>` / a plain path. */
export function connect(url: string = process.env['DATABASE_URL'] ?? DEFAULT_DATABASE_URL): Knex {
  if (isPostgres(url)) {
    postgresDriver();
    return knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 10 } });
  }
  const filename = url.replace(/^sqlite:\/\//, '').replace(/^sqlite:/, '');
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  return beginImmediate(
    knexFactory({
      client: 'sqlite3',
      connection: { filename },
      useNullAsDefault: true,
      pool: {
        min: 1,
        max: 1,
        // WAL lets readers proceed during a write; foreign keys are off by default in SQLite.
        // synchronous = NORMAL (in WAL): a commit is written to the WAL file but not fsynced; the WAL
        // is synced at checkpoints. A commit survives the process being killed (the OS holds the
        // written pages); a power loss or OS crash may take back the last commits before the next
        // checkpoint, never corrupting the database (docs/performance.md, "Checkout").
        afterCreate: (conn: { exec: (sql: string, cb: (error: Error | null) => void) => void }, done: (error: Error | null) => void) =>
          conn.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;', done),
      },
    }),
  );
}

interface SqliteTransaction {
  begin(conn: unknown): Promise<unknown>;
  query(conn: unknown, sql: string): Promise<unknown>;
}

/**
 * SQLite transactions begin IMMEDIATE: they take the file's write lock at BEGIN, waiting for it
 * (busy_timeout) behind another process's writer. Knex's plain BEGIN defers the lock to the first
 * write, and a transaction that read before another process committed then cannot write at all:
 * SQLite answers SQLITE_BUSY at once, without waiting, as its snapshot is stale. One process holds
 * one connection, so nothing changes there; several processes on one file (WEB_CONCURRENCY,
 * docs/performance.md "Several processes") take turns instead of failing. Savepoints (nested
 * transactions) are left as they are.
 */
function beginImmediate(db: Knex): Knex {
  const client = db.client as { transaction: (...args: unknown[]) => SqliteTransaction };
  const transaction = client.transaction.bind(client);
  client.transaction = (...args: unknown[]) => {
    const trx = transaction(...args);
    trx.begin = (conn) => trx.query(conn, 'BEGIN IMMEDIATE;');
    return trx;
  };
  return db;
}

export async function migrate(db: Knex): Promise<void> {
  await db.migrate.latest({ directory: MIGRATIONS_DIR, loadExtensions: ['.js'] });
}

/**
 * Refreshes the planner's statistics. Without them SQLite cannot tell a selective index (a vendor)
 * from an unselective one (show_in_webstore), and scans a 100k-row catalogue where it need not.
 */
export async function refreshStatistics(db: Knex): Promise<void> {
  await db.raw('analyze');
}
