import type { Knex } from 'knex';
import { adaptTransactions } from './knexTransactions';

/**
 * PostgreSQL: a transaction's BEGIN goes in the round trip of its first statement.
 *
 * Why: Knex sends BEGIN on its own, so every transaction paid a round trip for it: one of the six
 * of an order action. On this machine a round trip's cost is mostly the socket's: the portal's
 * writes to its sockets were a fifth of its busy time during the order-action bench
 * (docs/performance.md, "Round trips, and the targets on a quiet machine").
 *
 * How: the transaction begins without a word to the database; its first statement is sent as
 * `BEGIN;\n<statement>` when it goes by the simple protocol (no bound values, not named: the
 * router's lock of a write's record, db/readTogether.ts, is such a statement), and its answer is
 * the statement's alone. A first statement with bound values cannot share a text: BEGIN goes
 * before it, as before. A transaction that ends before any statement sends `BEGIN;\nCOMMIT;` (or
 * ROLLBACK). BEGIN itself takes no snapshot, so the transaction sees what it saw before.
 *
 * A transaction with an isolation level or read-only mode begins as Knex begins it; a SAVEPOINT
 * that is its transaction's first statement shares BEGIN's text like any other.
 */

/** Knex's transaction object (knex/lib/execution/transaction.js), as far as beginning one uses it. */
interface KnexTransaction {
  isolationLevel?: string;
  readOnly?: boolean;
  begin(connection: PostgresConnection): Promise<unknown>;
}

/** A `pg` client, as Knex calls it: `query(config, callback)` (knex/lib/dialects/postgres/index.js). */
interface PostgresConnection {
  query: (...args: unknown[]) => unknown;
}

interface QueryConfig {
  text: string;
  values?: readonly unknown[];
  name?: string;
}

type Callback = (error: Error | null, result?: unknown) => void;

/** Connections whose transaction began without its BEGIN, sent yet. */
const beginPending = new WeakSet<PostgresConnection>();
/** Connections that send a BEGIN they owe with their next statement. */
const owing = new WeakSet<PostgresConnection>();

/** Makes the transactions of `db` (a PostgreSQL Knex) send their BEGIN with their first statement. */
export function deferBegin(db: Knex): Knex {
  const client = db.client as { releaseConnection(connection: PostgresConnection): Promise<unknown> };
  const release = client.releaseConnection.bind(client);
  // Every transaction ends with COMMIT or ROLLBACK, which takes the BEGIN along; should one end
  // without a word, its BEGIN must not open a transaction for the connection's next user.
  client.releaseConnection = (connection) => {
    beginPending.delete(connection);
    return release(connection);
  };
  adaptTransactions<KnexTransaction>(db, (made) => {
    const begin = made.begin.bind(made);
    made.begin = (connection) => {
      if (made.isolationLevel || made.readOnly) return begin(connection);
      sendsBeginOwed(connection);
      beginPending.add(connection);
      return Promise.resolve();
    };
  });
  return db;
}

/**
 * Owed on the connection, not on the transaction: Knex sends a savepoint's statements (its
 * SAVEPOINT among them, which may be the first) through a client of the savepoint's own.
 */
function sendsBeginOwed(connection: PostgresConnection): void {
  if (owing.has(connection)) return;
  owing.add(connection);
  const query = connection.query.bind(connection);
  connection.query = (config: unknown, callback?: unknown, ...rest: unknown[]) => {
    if (!beginPending.delete(connection)) return query(config, callback, ...rest);
    if (!isPlain(config) || typeof callback !== 'function') {
      // Not a statement Knex runs (a cursor, a stream): BEGIN goes on its own before it, in order.
      query('BEGIN;', () => undefined);
      return query(config, callback, ...rest);
    }
    const answer = callback as Callback;
    if (!sharesText(config)) {
      // A statement with bound values goes by the extended protocol, one statement a message.
      query('BEGIN;', (error: Error | null) => (error ? answer(error) : query(config, answer)));
      return undefined;
    }
    return query({ ...config, text: `BEGIN;\n${config.text}` }, (error: Error | null, result: unknown) =>
      error ? answer(error) : answer(null, withoutBegin(result)),
    );
  };
}

function isPlain(config: unknown): config is QueryConfig {
  return typeof config === 'object' && config !== null && typeof (config as QueryConfig).text === 'string' && !('submit' in config);
}

/** A statement sent by the simple protocol, whose text may hold several: no bound values, no name. */
function sharesText(config: QueryConfig): boolean {
  return (config.values === undefined || config.values.length === 0) && config.name === undefined;
}

/** The answer to `BEGIN;\n<text>` as `<text>` alone would have had it: `pg` answers a text of several statements with a result each. */
function withoutBegin(result: unknown): unknown {
  if (!Array.isArray(result)) throw new Error('BEGIN and its first statement were answered as one statement');
  const rest = result.slice(1);
  return rest.length === 1 ? rest[0] : rest;
}
