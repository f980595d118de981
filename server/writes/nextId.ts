import type { Knex } from 'knex';
import { onPostgres } from '../db/dialect';
import { entities, type EntityName } from '../generated/entities';

/**
 * PostgreSQL: the read that takes the next id of an entity's table from the table's sequence, as
 * its insert would, answered as `id` (idOf). For a write that will insert a record whose values
 * follow from its id (Records.insert's `derive`: an order's name): read in a round trip the write
 * makes anyway (readTogether) and given to the insert (`id`), the row and those values go in one
 * statement instead of an insert and an update. An id taken by a transaction that then fails is
 * not used again, as an insert's is not: a sequence leaves gaps after a rollback (ids are no
 * count of anything). Undefined on SQLite, whose ids come with the insert and whose statements
 * cost no round trip.
 */
export function nextIdRead(db: Knex, entity: EntityName): Knex.Raw | undefined {
  if (!onPostgres(db)) return undefined;
  return db.raw(`select nextval(pg_get_serial_sequence(?, 'id')) as "id"`, [entities[entity].table]);
}

/** The id a nextIdRead answered (bigint, which `pg` gives as text). */
export const idOf = (rows: readonly Record<string, unknown>[]): number => Number(rows[0]!['id']);
