import { createRequire } from 'node:module';
import type { QueryConfig } from 'pg';
import { afterNamedStatement, statementNameOn, type PostgresConnection } from './namedStatements';

/**
 * PostgreSQL: a statement with bound values, then texts, then COMMIT, in one round trip
 * (db/commitStatements.ts sends a transaction's settling so: server/writes/settling.ts).
 *
 * Why: the settling statement binds hundreds of values, so it goes by the extended protocol,
 * which takes one statement a message; the data versions' bump and the COMMIT went after it in a
 * round trip of their own. On this machine a round trip is mostly the portal's write to the
 * socket (a fifth of its busy time in the order actions: docs/performance.md, "Where issue 20
 * stands"). The extended protocol lets a client send several statements' messages before one
 * Sync, each run in turn; an error skips the rest up to the Sync, so nothing after a failed
 * statement runs, the COMMIT included, and the transaction is left aborted for its ROLLBACK.
 *
 * How: `pg` has no pipelining of its own, but runs any query object that has `submit`, and its
 * `Query` sends a prepared statement's Execute and then its Sync from `_getRows`. The subclass
 * below sends the other statements' Parse, Bind, Describe and Execute between the two. The first
 * statement keeps its name (db/namedStatements.ts), so PostgreSQL plans it once per connection;
 * the rest are short texts, unnamed. The statement goes through Knex's client for the
 * transaction, which positions its bindings, reports it as every query is reported (the `query`
 * event) and adds its text to an error's message, as for every statement.
 */

/** The protocol connection `pg` hands a query (pg/lib/connection.js), as far as the pipeline writes to it. */
interface ProtocolConnection {
  parse(message: { text: string; name?: string }): void;
  bind(message: { portal?: string; statement?: string; values?: unknown[] }): void;
  describe(message: { type: 'P' | 'S'; name?: string }): void;
  execute(message: { portal?: string; rows?: number }): void;
  sync(): void;
}

/** Knex's client for a transaction (knex/lib/client.js), as far as a statement is sent through it. */
export interface KnexQueryClient {
  query(connection: unknown, query: KnexQuery): Promise<unknown>;
  _query(connection: unknown, query: KnexQuery): Promise<unknown>;
}

interface KnexQuery {
  sql: string;
  bindings?: readonly unknown[];
  response?: unknown;
}

type Callback = (error: (Error & { code?: string }) | null | undefined, result: unknown) => void;

type ThenQuery = new (config: QueryConfig, after: readonly string[], callback: Callback) => object;

let thenQuery: ThenQuery | undefined;

/** pg's Query, sending `after` (each one statement, without bound values) after its own statement's Execute and before its Sync. */
function thenQueryClass(): ThenQuery {
  if (thenQuery) return thenQuery;
  const { Query } = createRequire(import.meta.url)('pg') as typeof import('pg');
  class StatementThen extends Query {
    declare readonly portal: string;
    private readonly after: readonly string[];

    constructor(config: QueryConfig, after: readonly string[], callback: Callback) {
      // Extended even without values: the simple protocol would never call _getRows.
      super({ ...config, queryMode: 'extended' } as QueryConfig, callback as never);
      this.after = after;
    }

    /** Query's own (pg/lib/query.js) with the statements after it between its Execute and Sync; a count of rows is never asked here. */
    _getRows(connection: ProtocolConnection, rows: number | undefined): void {
      connection.execute({ portal: this.portal, rows });
      for (const text of this.after) {
        connection.parse({ text });
        connection.bind({});
        connection.describe({ type: 'P' });
        connection.execute({});
      }
      connection.sync();
    }
  }
  return (thenQuery = StatementThen as unknown as ThenQuery);
}

/**
 * Runs `statement` (Knex's `?` bindings), then each of `after`, on `connection` in one round trip,
 * through `client` (the transaction's Knex client): answers `pg`'s results, or rejects with the
 * first error, after which the transaction is aborted or, if the error was the COMMIT's, over.
 */
export function runThen(
  client: KnexQueryClient,
  connection: PostgresConnection,
  statement: KnexQuery,
  after: readonly string[],
): Promise<unknown> {
  const piped = Object.create(client) as KnexQueryClient;
  piped._query = (on, query) =>
    new Promise((resolve, reject) => {
      const pgConnection = on as PostgresConnection;
      const name = statementNameOn(pgConnection, query.sql);
      const values = [...(query.bindings ?? [])];
      const Then = thenQueryClass();
      pgConnection.query(
        new Then({ text: query.sql, values, ...(name !== undefined && { name }) }, after, (error, result) => {
          if (name !== undefined) afterNamedStatement(pgConnection, error);
          if (error) reject(error);
          else resolve(Object.assign(query, { response: result }));
        }),
      );
    });
  // Knex's transaction client wraps `query` to call its own `_query`; the client's prototype's
  // `query` calls that of the object it is called on.
  const query = (Object.getPrototypeOf(client) as KnexQueryClient).query;
  return query.call(piped, connection, { sql: statement.sql, bindings: statement.bindings ?? [] });
}
