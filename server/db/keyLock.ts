import type { Knex } from 'knex';
import { onPostgres } from './dialect';

/**
 * Holds `key` until the transaction ends, so that transactions which read rows before adding one
 * (a limit per address, the sign-in throttle, a Dropbox team name that must be new) run one after
 * another for the same key: under read committed two of them would read the same rows and both
 * pass. On PostgreSQL a
 * transaction-scoped advisory lock on the key's 64-bit hash (a collision only makes two keys wait
 * on each other); SQLite's write transactions already run one at a time (BEGIN IMMEDIATE,
 * sqliteClient.ts). A transaction holding several keys takes them in one fixed order, so two never
 * wait on each other in a circle.
 */
export async function holdKey(trx: Knex, key: string): Promise<void> {
  if (!trx.isTransaction) throw new Error(`holdKey(${key}) holds a key for a transaction, and was given none`);
  if (onPostgres(trx)) await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
}
