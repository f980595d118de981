import type { Knex } from 'knex';

/** Whether `db` (a Knex instance or transaction) talks to PostgreSQL; else it is the embedded SQLite. */
export const onPostgres = (db: Knex): boolean => db.client.config.client === 'pg';
