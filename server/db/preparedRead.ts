import type { Knex } from 'knex';

/**
 * A fixed read run as a prepared statement on the driver's own connection, for the reads every
 * API request makes (the session row and the data versions: docs/performance.md, "The hot
 * reads"). Through the query builder each took about 100 µs of the server's one core, compiled and
 * prepared anew every time; prepared once, about 25 µs. The connection is taken from Knex's pool
 * and given back, so the read waits for a transaction holding SQLite's one connection just as a
 * Knex query does, and never runs inside another request's transaction.
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

interface SqliteStatement {
  all(values: unknown[], callback: (error: Error | null, rows: unknown[]) => void): void;
  finalize(callback?: () => void): void;
}
interface SqliteConnection {
  prepare(sql: string, callback: (error: Error | null) => void): SqliteStatement;
  close(callback: (error: Error | null) => void): void;
}
interface PostgresConnection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
/** The part of Knex's client the read needs (not in Knex's public types). */
interface PooledClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

interface SqliteStatements {
  byName: Map<string, Promise<SqliteStatement>>;
  /** Every statement prepared, to finalize on close. */
  prepared: Set<SqliteStatement>;
}

const sqliteStatements = new WeakMap<SqliteConnection, SqliteStatements>();

/**
 * The statements prepared on a SQLite connection. SQLite refuses to close a connection that still
 * has prepared statements (SQLITE_BUSY, which Knex's pool would swallow, leaving the file open),
 * so the connection's close finalizes them first.
 */
function statementsOf(connection: SqliteConnection): SqliteStatements {
  let statements = sqliteStatements.get(connection);
  if (!statements) {
    const known: SqliteStatements = (statements = { byName: new Map(), prepared: new Set() });
    sqliteStatements.set(connection, known);
    const close = connection.close.bind(connection);
    connection.close = (callback) => {
      for (const statement of known.prepared) statement.finalize();
      known.prepared.clear();
      known.byName.clear();
      close(callback);
    };
  }
  return statements;
}

/** `sql` prepared on the connection, once; a statement that fails to prepare is tried again next time. */
function sqliteStatement(connection: SqliteConnection, sql: PreparedSql): Promise<SqliteStatement> {
  const statements = statementsOf(connection);
  let statement = statements.byName.get(sql.name);
  if (!statement) {
    // The driver reports a failed prepare to this callback only: a read on the statement would never answer.
    statement = new Promise((resolve, reject) => {
      const made = connection.prepare(sql.sqlite, (error) => {
        if (error) return reject(error);
        statements.prepared.add(made);
        resolve(made);
      });
    });
    const known = statement;
    statements.byName.set(sql.name, known);
    known.catch(() => {
      if (statements.byName.get(sql.name) === known) statements.byName.delete(sql.name);
    });
  }
  return statement;
}

async function sqliteAll(connection: SqliteConnection, sql: PreparedSql, values: unknown[]): Promise<unknown[]> {
  const statement = await sqliteStatement(connection, sql);
  return new Promise((resolve, reject) => statement.all(values, (error, rows) => (error ? reject(error) : resolve(rows))));
}

/** Runs `sql` with `values` on a connection of `db`'s pool: the rows, as the driver answers them. */
export async function preparedRead<Row>(db: Knex, sql: PreparedSql, values: unknown[]): Promise<Row[]> {
  const client = db.client as unknown as PooledClient;
  const connection = await client.acquireConnection();
  try {
    if (db.client.config.client === 'pg')
      return (await (connection as PostgresConnection).query({ name: sql.name, text: sql.postgres, values })).rows as Row[];
    return (await sqliteAll(connection as SqliteConnection, sql, values)) as Row[];
  } finally {
    await client.releaseConnection(connection);
  }
}
