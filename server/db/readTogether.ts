import type { Knex } from 'knex';
import { onPostgres } from './dialect';

type Row = Record<string, unknown>;

/**
 * Runs reads, in their order, and answers each one's rows. Each is a statement of its own, taking
 * its own snapshot, so a read may follow a lock it needs held (an advisory lock's select).
 *
 * On PostgreSQL they go to the server in one round trip: one query of several statements, sent by
 * the simple protocol, which takes no bound values. So each read's values are written into its text
 * as literals, and that is done only where every value is one whose literal nothing in it can end
 * or change: a whole number of at most 15 digits (the ids the reads of a record's view are bound
 * to), written out as it is; a boolean; or a short text of letters, digits, spaces and `_-.,:/@%+#`
 * only (a notification's type, an organisation's tree path), written between single quotes. Those
 * two are quoted literals of no type, which PostgreSQL types by where they stand, as it types a
 * bound value that `pg` sends without a type: the statement means what it meant bound. A read bound
 * to anything else (a quote, a backslash, a date, a null), or whose text holds a `?` or `$n` that is
 * not one of its placeholders, makes them all run one after another, as they do on SQLite, where a
 * statement costs no round trip.
 *
 * Each statement is a round trip of its own otherwise, and on PostgreSQL each costs a wake-up of
 * the server's process and of ours, on the cores they share: the five reads of an order's view
 * were five of an approval's fourteen statements (docs/performance.md, "Reads in one round trip").
 * The rows come back as the extended protocol answers them: both send text, which the same type
 * parsers decode.
 */
export async function readTogether(db: Knex, reads: readonly (Knex.QueryBuilder | Knex.Raw)[]): Promise<Row[][]> {
  const text = onPostgres(db) && reads.length > 1 ? oneText(reads) : undefined;
  if (text === undefined) {
    const answers: Row[][] = [];
    for (const read of reads) answers.push(rowsOf(await read));
    return answers;
  }
  const results = (await db.raw(text)) as { rows: Row[] }[];
  return results.map((result) => result.rows);
}

/**
 * `read`'s rows, and `extra`'s where the two go to the server in one round trip (PostgreSQL, every
 * value written into the text as readTogether does): for a read worth making only when it costs no
 * round trip of its own. Else `read` alone, and undefined for `extra`. `read` answers rows (no
 * `first()`).
 */
export async function readWithExtra(db: Knex, read: Knex.QueryBuilder, extra: Knex.QueryBuilder): Promise<[Row[], Row[] | undefined]> {
  const text = onPostgres(db) ? oneText([read, extra]) : undefined;
  if (text === undefined) return [(await read) as Row[], undefined];
  const [first, second] = (await db.raw(text)) as [{ rows: Row[] }, { rows: Row[] }];
  return [first.rows, second.rows];
}

/** A read's rows as it answered them alone: a builder answers its rows, a raw read on PostgreSQL `pg`'s result, holding them. */
function rowsOf(answer: unknown): Row[] {
  return Array.isArray(answer) ? (answer as Row[]) : (answer as { rows: Row[] }).rows;
}

/** The reads as one text of statements with their values written in, or undefined where one cannot be. */
function oneText(reads: readonly (Knex.QueryBuilder | Knex.Raw)[]): string | undefined {
  const statements: string[] = [];
  for (const read of reads) {
    const statement = withValuesWritten(read.toSQL().toNative());
    if (statement === undefined) return undefined;
    statements.push(statement);
  }
  return statements.join(';\n');
}

const PLACEHOLDER = /\$(\d+)/g;
const WHOLE_NUMBER = /^\d{1,15}$/;
const PLAIN_TEXT = /^[A-Za-z0-9 _\-.,:/@%+#]{0,200}$/;

/** A value's literal, where nothing in it can end or change the statement (readTogether says which); else undefined. */
function literalOf(value: unknown): string | undefined {
  if (typeof value === 'number') return WHOLE_NUMBER.test(String(value)) ? String(value) : undefined;
  if (typeof value === 'boolean') return `'${String(value)}'`;
  if (typeof value === 'string') return PLAIN_TEXT.test(value) ? `'${value}'` : undefined;
  return undefined;
}

/** The statement with each `$n` replaced by its value's literal; undefined unless every value has one. */
export function withValuesWritten({ sql, bindings }: { sql: string; bindings: readonly unknown[] }): string | undefined {
  const values = bindings.map(literalOf);
  if (!values.every((value) => value !== undefined)) return undefined;
  // Knex turns a `?` it did not bind back into `$n` when it runs a raw text: none may be left.
  if (sql.includes('?')) return undefined;
  const used = new Set<number>();
  const written = sql.replace(PLACEHOLDER, (_placeholder, position: string) => {
    used.add(Number(position));
    return values[Number(position) - 1] ?? '';
  });
  // Every placeholder names a value and every value has its placeholder: no `$n` was something else.
  const matched = used.size === values.length && [...used].every((position) => position >= 1 && position <= values.length);
  return matched ? written : undefined;
}
