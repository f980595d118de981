import type { Knex } from 'knex';
import type { EntityMeta } from '../db/entityMeta';
import { entities } from '../generated/entities';
import { bumpDataVersion } from '../writes/dataVersions';

/** Every data version the spec names (`data_version:` on entities). */
const VERSIONS = [...new Set(Object.values(entities).flatMap((entity) => (entity as EntityMeta).dataVersion ?? []))].sort();

/**
 * Raw writes of tables whose entity carries a data version (users, organisations, roles, grants,
 * linked accounts; the catalogue; orders), for a test that stages data the API cannot make: run
 * in one transaction that also bumps every data version, as the write path bumps the one of what
 * it writes, so no server process keeps serving a cached answer from before (docs/performance.md).
 * A lint rule refuses such writes in tests outside this helper.
 */
export function writeVersionedRows<T>(db: Knex, write: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    const result = await write(trx);
    for (const name of VERSIONS) await bumpDataVersion(trx, name);
    return result;
  });
}
