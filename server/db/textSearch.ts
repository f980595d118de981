import type { Knex } from 'knex';
import { onPostgres } from './dialect';

/**
 * Substring search through the trigram index that spec `search` gives an entity
 * (generator/emit/migration.ts). On PostgreSQL the pg_trgm index serves `lower(column) like
 * '%…%'` as it is, so nothing is added. On SQLite the rows whose columns contain the text are
 * found in the FTS5 trigram table `<table>_search` and the query is limited to them; the caller
 * keeps its own LIKE, so the answer is exactly the LIKE's (the index only narrows: its case
 * folding reaches beyond ASCII, SQLite's lower() does not). A trigram needs three characters:
 * shorter text is left to the LIKE alone.
 */
export function narrowToSearchMatches(db: Knex, query: Knex.QueryBuilder, idColumn: string, table: string, text: string): void {
  if (onPostgres(db) || [...text].length < 3) return;
  const phrase = `"${text.replace(/"/g, '""')}"`;
  const searchTable = `${table}_search`;
  query.whereIn(idColumn, (matches) => {
    void matches.from(searchTable).select(db.raw('rowid')).whereRaw('?? match ?', [searchTable, phrase]);
  });
}
