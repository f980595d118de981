import type { Knex } from 'knex';
import { onPostgres } from './dialect';

/**
 * Orders text as users expect (case-insensitive) and identically on both databases: lower-cased,
 * then compared byte by byte, because PostgreSQL's locale collations ignore spaces and punctuation
 * where SQLite does not.
 */
export function orderByText(db: Knex, query: Knex.QueryBuilder, column: string, direction: 'asc' | 'desc'): Knex.QueryBuilder {
  return query.orderByRaw(`lower(??)${loweredTextCollation(db)} ${direction}`, [column]);
}

/**
 * The collation every lowered-text expression and index is in: byte order. PostgreSQL has to be
 * told (` collate "C"`), and its planner uses a lowered-text index only for an expression that
 * names it; SQLite compares bytes already.
 */
export function loweredTextCollation(db: Knex): string {
  return onPostgres(db) ? ' collate "C"' : '';
}
