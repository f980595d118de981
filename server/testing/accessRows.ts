import type { Knex } from 'knex';
import { ACCESS_VERSION, bumpDataVersion } from '../writes/dataVersions';

/**
 * Raw writes of the tables a signed-in caller is made of (users, organisations, roles,
 * permissions, grants, linked accounts), for a test that stages data the API cannot make: run in
 * one transaction that also bumps the `access` data version, as the write path does, so no server
 * process keeps serving a session user cached from before (docs/performance.md). A lint rule
 * refuses such writes in tests outside this helper.
 */
export function writeAccessRows<T>(db: Knex, write: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    const result = await write(trx);
    await bumpDataVersion(trx, ACCESS_VERSION);
    return result;
  });
}
