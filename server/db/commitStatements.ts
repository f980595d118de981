import type { Knex } from 'knex';
import { runThen, type KnexQueryClient } from './commitPipeline';
import { adaptTransactions } from './knexTransactions';
import type { PostgresConnection } from './namedStatements';

/**
 * PostgreSQL: statements a transaction sends in the same round trip as its COMMIT.
 *
 * Why: every write of an entity that feeds a cache bumps its data version (server/writes/
 * dataVersions.ts), and so updates one row that every such writer updates. PostgreSQL holds that
 * row's lock from the update to the end of the commit. Bumped in the statement before the COMMIT,
 * the lock was held for a round trip from the database to the portal and back, and for as long as
 * the portal took to get a core and send the COMMIT. Each order action and checkout queued there
 * behind the one before: sampled during the order-action bench, two thirds of the busy database
 * connections were waiting for that lock (docs/performance.md, "The data versions' lock"). Sent
 * with the COMMIT, the lock is held only while the database commits.
 *
 * Texts (no bound values: the caller writes in only values it knows to be safe, as data version
 * names) go with the COMMIT as one text, by the simple protocol. One statement with bound values
 * (the settling's: server/writes/settling.ts) may go with them: it goes first, then the texts,
 * then the COMMIT, pipelined in one round trip by the extended protocol (db/commitPipeline.ts),
 * where each text must be one statement. If one fails, the transaction is rolled back, as Knex
 * rolls back a transaction whose work failed, and rejected with that error; so is one whose
 * COMMIT fails.
 */

/** Knex's transaction object (knex/lib/execution/transaction.js), as far as a commit uses it. */
interface KnexTransaction {
  /** The handle the transaction's work holds (`trx`), set once the transaction began. */
  transactor?: object;
  trxClient: KnexQueryClient & { query(connection: unknown, sql: string): Promise<unknown> };
  commit(connection: unknown, value: unknown): Promise<unknown>;
  rollback(connection: unknown, error: unknown): Promise<unknown>;
  /** What Knex's own commit sets, once its COMMIT succeeded. */
  _completed: boolean;
  _resolver(value: unknown): void;
}

/** A statement sent with the COMMIT: a text, or one with bound values (Knex's `?`). */
interface CommitStatement {
  sql: string;
  bindings?: readonly unknown[];
}

const atCommit = new WeakMap<object, CommitStatement[]>();
/** The configs of the Knex instances commitWithStatements set up (a transaction's client shares its Knex's config). */
const installed = new WeakSet<object>();

/**
 * Sends `sql` in the round trip of `trx`'s COMMIT: a complete statement without `bindings`, or
 * the one statement with them. Runs it now, and answers what it answered, on SQLite (where a
 * statement costs no round trip) and in a savepoint (a nested transaction), whose rollback must
 * take it with it; answers undefined when it waits for the COMMIT.
 */
export async function sendWithCommit(trx: Knex.Transaction, sql: string, bindings?: readonly unknown[]): Promise<unknown> {
  const nested = (trx as { parentTransaction?: unknown }).parentTransaction !== undefined;
  if (nested || !installed.has(trx.client.config as object)) return bindings ? trx.raw(sql, bindings as Knex.RawBinding[]) : trx.raw(sql);
  const statements = atCommit.get(trx) ?? [];
  if (bindings && statements.some((statement) => statement.bindings))
    throw new Error('one statement with bound values at most goes with a COMMIT');
  statements.push(bindings ? { sql, bindings } : { sql });
  atCommit.set(trx, statements);
  return undefined;
}

/** Makes the transactions of `db` (a PostgreSQL Knex) send what sendWithCommit left them with their COMMIT. */
export function commitWithStatements(db: Knex): Knex {
  adaptTransactions<KnexTransaction>(db, (made) => {
    const commit = made.commit.bind(made);
    made.commit = (connection, value) => {
      const statements = made.transactor ? atCommit.get(made.transactor) : undefined;
      return statements ? commitTogether(made, connection, value, statements) : commit(connection, value);
    };
  });
  installed.add(db.client.config as object);
  return db;
}

async function commitTogether(
  made: KnexTransaction,
  connection: unknown,
  value: unknown,
  statements: readonly CommitStatement[],
): Promise<void> {
  const bound = statements.find((statement) => statement.bindings);
  const texts = statements.filter((statement) => statement !== bound).map((statement) => statement.sql);
  try {
    if (bound) await runThen(made.trxClient, connection as PostgresConnection, bound, [...texts, 'COMMIT']);
    else await made.trxClient.query(connection, `${texts.join(';\n')};\nCOMMIT;`);
  } catch (error) {
    // A statement before the COMMIT failed (the transaction is open, and aborted) or the COMMIT did
    // (it is over): a ROLLBACK ends the one and is harmless after the other, and rejects with the error.
    await made.rollback(connection, error);
    return;
  }
  // As Knex's own commit ends once its COMMIT answered.
  made._completed = true;
  made._resolver(value);
}
