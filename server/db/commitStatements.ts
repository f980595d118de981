import type { Knex } from 'knex';
import { adaptTransactions } from './knexTransactions';

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
 * The statements go by the simple protocol, which takes no bound values: their text is complete
 * (the caller writes in only values it knows to be safe, as data version names). If one fails, the
 * transaction is rolled back, as Knex rolls back a transaction whose work failed, and rejected with
 * that error; so is one whose COMMIT fails.
 */

/** Knex's transaction object (knex/lib/execution/transaction.js), as far as a commit uses it. */
interface KnexTransaction {
  /** The handle the transaction's work holds (`trx`), set once the transaction began. */
  transactor?: object;
  trxClient: { query(connection: unknown, sql: string): Promise<unknown> };
  commit(connection: unknown, value: unknown): Promise<unknown>;
  rollback(connection: unknown, error: unknown): Promise<unknown>;
  /** What Knex's own commit sets, once its COMMIT succeeded. */
  _completed: boolean;
  _resolver(value: unknown): void;
}

const atCommit = new WeakMap<object, string[]>();
/** The configs of the Knex instances commitWithStatements set up (a transaction's client shares its Knex's config). */
const installed = new WeakSet<object>();

/**
 * Sends `sql` (a complete statement, no bound values) in the round trip of `trx`'s COMMIT. Runs it
 * now on SQLite (where a statement costs no round trip), and in a savepoint (a nested
 * transaction), whose rollback must take it with it.
 */
export async function sendWithCommit(trx: Knex.Transaction, sql: string): Promise<void> {
  const nested = (trx as { parentTransaction?: unknown }).parentTransaction !== undefined;
  if (nested || !installed.has(trx.client.config as object)) {
    await trx.raw(sql);
    return;
  }
  const statements = atCommit.get(trx) ?? [];
  statements.push(sql);
  atCommit.set(trx, statements);
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

async function commitTogether(made: KnexTransaction, connection: unknown, value: unknown, statements: readonly string[]): Promise<void> {
  try {
    await made.trxClient.query(connection, `${statements.join(';\n')};\nCOMMIT;`);
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
