import type { Knex } from 'knex';
import { statementFor, type SqliteClient, type SqliteConnection } from './sqliteClient';
import { onPostgres } from './dialect';

/**
 * A fixed read run as a prepared statement on the driver's own connection, for the reads every
 * API request makes (the session row and the data versions: docs/performance.md, "The hot
 * reads"). Through the query builder each took about 100 µs of the server's one core, compiled and
 * prepared anew every time; prepared once, about 25 µs. On SQLite the read runs on the client's
 * read connection (`SqliteClient.readConnection`): it sees the last commit, never a transaction's
 * uncommitted writes, and does not wait for the transaction holding the write connection. On
 * PostgreSQL the connection is taken from Knex's pool and given back, so the read never runs
 * inside another request's transaction.
 *
 * Only for SQL fixed in the code with bound values; every other query goes through Knex.
 */
export interface PreparedSql {
  /** A name unique in the process: PostgreSQL keeps named statements per connection. */
  name: string;
  /** With `?` placeholders. */
  sqlite: string;
  /** With `$1`… placeholders. */
  postgres: string;
}

interface PostgresConnection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
/** The part of Knex's client the read needs (not in Knex's public types). */
interface PooledClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

/** Runs `sql` with `values` (on SQLite's read connection, or one of `db`'s pool): the rows, as the driver answers them. */
export async function preparedRead<Row>(db: Knex, sql: PreparedSql, values: unknown[]): Promise<Row[]> {
  const reader = db.isTransaction ? undefined : (db.client as Partial<SqliteClient>).readConnection?.();
  if (reader) return statementFor(reader, sql.sqlite).all(values) as Row[];
  const client = db.client as unknown as PooledClient;
  const connection = await client.acquireConnection();
  try {
    if (onPostgres(db))
      return (await (connection as PostgresConnection).query({ name: sql.name, text: sql.postgres, values })).rows as Row[];
    return statementFor(connection as SqliteConnection, sql.sqlite).all(values) as Row[];
  } finally {
    await client.releaseConnection(connection);
  }
}
