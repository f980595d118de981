import type { Knex } from 'knex';
import { onPostgres } from '../db/dialect';

type Row = Record<string, unknown>;

/** Insert statements' text kept by their shape; past this many the oldest are dropped. */
const KEPT_STATEMENTS = 500;
const statements = new Map<string, string>();

/** A value a statement binds as it is; anything else (undefined, an array, an object) is left to Knex. */
export const isPlain = (value: unknown) =>
  value === null || typeof value !== 'object' ? value !== undefined : value instanceof Date || Buffer.isBuffer(value);

/** The rows' columns (sorted, as Knex's), or undefined when the rows differ in them or hold a value that is not plain. */
export function sharedColumns(rows: readonly Row[]): string[] | undefined {
  const columns = Object.keys(rows[0]!).sort();
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length) return undefined;
    for (const column of columns) if (!(column in row) || !isPlain(row[column])) return undefined;
  }
  return columns;
}

/** An identifier (table, column) between `quote`s, a quote inside it doubled. */
export const quotedIdentifier = (quote: '"' | '`', identifier: string): string =>
  `${quote}${identifier.replaceAll(quote, quote + quote)}${quote}`;

/** An insert's text for `rowCount` rows of `columns`, a `?` for each value, its identifiers quoted with `quote`. */
export function insertText(
  quote: '"' | '`',
  table: string,
  columns: readonly string[],
  rowCount: number,
  returning: readonly string[] = [],
): string {
  const name = (identifier: string) => quotedIdentifier(quote, identifier);
  const row = `(${columns.map(() => '?').join(', ')})`;
  const sql = `insert into ${name(table)} (${columns.map(name).join(', ')}) values ${Array.from({ length: rowCount }, () => row).join(', ')}`;
  return returning.length > 0 ? `${sql} returning ${returning.map(name).join(', ')}` : sql;
}

/** Pushes the rows' values onto `bindings`, row by row in the columns' order: insertText's `?`s. */
export function bindRows(rows: readonly Row[], columns: readonly string[], bindings: unknown[]): void {
  for (const row of rows) for (const column of columns) bindings.push(row[column]);
}

function statementText(db: Knex, table: string, columns: readonly string[], rowCount: number, returning: readonly string[]): string {
  const key = `${table}\u0000${columns.join(',')}\u0000${rowCount}\u0000${returning.join(',')}`;
  let sql = statements.get(key);
  if (sql === undefined) {
    sql = insertText(onPostgres(db) ? '"' : '`', table, columns, rowCount, returning);
    if (statements.size >= KEPT_STATEMENTS) statements.delete(statements.keys().next().value!);
    statements.set(key, sql);
  }
  return sql;
}

/**
 * `db(table).insert(rows).returning(returning)`, with the statement's text built once for each
 * shape (table, columns, number of rows, returning) and kept. Knex builds every insert anew, and
 * building the write path's inserts was about a twentieth of the server's busy time in a checkout
 * (docs/performance.md, "Checkout"); an order's ten lines in one statement name 29 columns 290
 * times. On SQLite the rows are one multi-row VALUES (SQLite 3.7.11 and later), where Knex writes a
 * UNION ALL of SELECTs. Rows that differ in their columns, or hold a value Knex would treat
 * specially (undefined is DEFAULT on PostgreSQL; arrays and objects), go through Knex as before.
 * Answers the returned rows (none without `returning`). The write path's own (records.ts and the
 * audit trail it flushes): it writes without auditing.
 */
export async function insertRows(db: Knex, table: string, rows: readonly Row[], returning: readonly string[] = []): Promise<Row[]> {
  if (rows.length === 0) return [];
  const columns = sharedColumns(rows);
  if (!columns || columns.length === 0) {
    const inserted = db(table).insert(rows);
    return returning.length > 0 ? ((await inserted.returning([...returning])) as Row[]) : (await inserted, []);
  }
  const bindings: unknown[] = [];
  bindRows(rows, columns, bindings);
  const answer = (await db.raw(statementText(db, table, columns, rows.length, returning), bindings as Knex.RawBinding[])) as
    Row[] | { rows?: Row[] };
  if (returning.length === 0) return [];
  // SQLite's driver answers the rows; PostgreSQL's a result holding them.
  return Array.isArray(answer) ? answer : (answer.rows ?? []);
}
