import type { Knex } from 'knex';

/**
 * Orders text as users expect (case-insensitive) and identically on both databases: lower-cased,
 * then compared byte by byte, because PostgreSQL's locale collations ignore spaces and punctuation
 * where SQLite does not.
 */
export function orderByText(db: Knex, query: Knex.QueryBuilder, column: string, direction: 'asc' | 'desc'): Knex.QueryBuilder {
  const collate = db.client.config.client === 'pg' ? ' collate "C"' : '';
  return query.orderByRaw(`lower(??)${collate} ${direction}`, [column]);
}
