import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import { commitWithStatements } from './commitStatements';
import { deferBegin } from './deferredBegin';
import { nameStatements, type PostgresConnection } from './namedStatements';
import { SqliteClient } from './sqliteClient';

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

/**
 * The most PostgreSQL connections one process holds (DATABASE_POOL_MAX, 20 by default): a
 * transaction holds one from BEGIN to COMMIT, and a request beyond them waits for one. With 16
 * clients checking out, 20 gave a slightly shorter tail than Knex's default of 10 at the same rate
 * (medians of nine pairs: p95 75 → 71 ms, p99 93 → 83 ms; docs/performance.md, "Round trips, and
 * the targets on a quiet machine"). Keep it times the processes (WEB_CONCURRENCY) below
 * PostgreSQL's max_connections.
 */
export function poolMax(value: string | undefined = process.env['DATABASE_POOL_MAX']): number {
  if (value === undefined || value === '') return 20;
  const max = Number(value);
  if (!Number.isInteger(max) || max < 1) throw new Error(`DATABASE_POOL_MAX must be a whole number of at least 1, not ${value}`);
  return max;
}

/**
 * A Knex instance for DATABASE_URL: `postgres://…`, or `sqlite://<path>` / a plain path. On
 * PostgreSQL a pool of up to poolMax() connections, each of which names its statements
 * (db/namedStatements.ts) unless DATABASE_NAMED_STATEMENTS=0 (a pooler between that does not keep
 * them, as PgBouncer's transaction mode before 1.21); a transaction sends its BEGIN with its first
 * statement (db/deferredBegin.ts) and the statements left to its commit (the data versions' bump,
 * db/commitStatements.ts) in the COMMIT's round trip.
 */
export function connect(url: string = process.env['DATABASE_URL'] ?? DEFAULT_DATABASE_URL): Knex {
  if (isPostgres(url)) {
    postgresDriver();
    const named = process.env['DATABASE_NAMED_STATEMENTS'] !== '0';
    const db = knexFactory({
      client: 'pg',
      connection: url,
      pool: {
        min: 0,
        max: poolMax(),
        afterCreate: (connection: PostgresConnection, done: (error: Error | null, connection: PostgresConnection) => void) => {
          if (named) nameStatements(connection);
          done(null, connection);
        },
      },
    });
    return deferBegin(commitWithStatements(db));
  }
  const filename = url.replace(/^sqlite:\/\//, '').replace(/^sqlite:/, '');
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  return knexFactory({
    client: SqliteClient as unknown as typeof Knex.Client,
    connection: { filename },
    useNullAsDefault: true,
    // One connection writes: SQLite has one writer per file (the client adds a second for reads).
    pool: { min: 1, max: 1 },
  });
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
