import type { Knex } from 'knex';

/** Knex's transaction object (knex/lib/execution/transaction.js): `outerTx` is set for a savepoint. */
interface MadeTransaction {
  outerTx?: unknown;
}

/**
 * Calls `adapt` on each transaction of `db` that is not a savepoint, as Knex makes it and before it
 * begins: the one place the PostgreSQL connection (db/connect.ts) changes how Knex begins
 * (db/deferredBegin.ts) and commits (db/commitStatements.ts) a transaction, which Knex offers no
 * hook for. `T` names the private fields of Knex's transaction object the caller uses.
 */
export function adaptTransactions<T extends object>(db: Knex, adapt: (made: T) => void): void {
  const client = db.client as { transaction(...args: unknown[]): T };
  const transaction = client.transaction.bind(client);
  client.transaction = (...args: unknown[]) => {
    const made = transaction(...args);
    if (!(made as MadeTransaction).outerTx) adapt(made);
    return made;
  };
}
