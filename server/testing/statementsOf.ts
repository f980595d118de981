import type { Knex } from 'knex';

/** The text of each statement `db` sent while `work` ran (Knex's query event), in order. */
export async function statementsOf(db: Knex, work: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const onQuery = (query: { sql: string }) => statements.push(query.sql);
  db.on('query', onQuery);
  try {
    await work();
  } finally {
    db.off('query', onQuery);
  }
  return statements;
}
