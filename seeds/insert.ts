import type { Knex } from 'knex';

/** Inserts rows in batches: SQLite allows at most 500 rows (compound selects) per multi-row insert. */
export async function insertAll(db: Knex, table: string, rows: Record<string, unknown>[], batch = 200): Promise<void> {
  for (let start = 0; start < rows.length; start += batch) {
    await db(table).insert(rows.slice(start, start + batch));
  }
}

/**
 * Seeds use explicit ids so the demo data is the same on every database; PostgreSQL's id
 * sequences must then be moved past them, or the next insert would collide.
 */
export async function syncSequences(db: Knex, tables: string[]): Promise<void> {
  if (db.client.config.client !== 'pg') return;
  for (const table of tables) {
    await db.raw(`select setval(pg_get_serial_sequence(?, 'id'), coalesce((select max(id) from ??), 0) + 1, false)`, [table, table]);
  }
}
