import type { PendingAudit } from '../modules/audit/auditTrail';
import { bindRows, insertText, isPlain, quotedIdentifier, sharedColumns } from './insertRows';

/** A statement and its bindings, in Knex's raw form (`?` for each binding). */
export interface Statement {
  sql: string;
  bindings: unknown[];
}

/** Rows of one table a transaction inserts as it settles (Records.insertOnSettle: the outbox's messages), encoded. */
export interface SettleInsert {
  table: string;
  rows: Record<string, unknown>[];
}

/** Rows of one table a transaction deletes as it settles (Records.remove's `onSettle`): those whose `column` holds `id`. */
export interface SettleRemove {
  table: string;
  column: string;
  id: number;
}

/** A row a transaction updates as it settles (Records.updateStored's `onSettle`): its columns' new values, encoded. */
export interface SettleUpdate {
  table: string;
  id: number;
  values: Record<string, unknown>;
}

/** The writes a transaction left for its settling, besides its audit and its data versions. */
export interface SettleWrites {
  inserts?: readonly SettleInsert[];
  updates?: readonly SettleUpdate[];
  removes?: readonly SettleRemove[];
}

/** Past these, settling goes back to an insert per table (AuditTrail.write), which splits its rows into statements of its own. */
const MOST_ENTRIES = 100;
const MOST_CHANGES = 1000;
const MOST_INSERTED = 100;

const ENTRY_ANSWER = ['id', 'entity_type', 'entity_id', 'action'];
/** A field change's values: the entry by id, or by what a new entry records; then the change. */
const CHANGE_COLUMNS = ['entry_id', 'entity_type', 'entity_id', 'action', 'field', 'old_value', 'new_value'];
const CHANGE_ROW = '(?::integer, ?::text, ?::integer, ?::text, ?::text, ?::text, ?::text)';

/**
 * PostgreSQL: what settling a transaction writes (Records.settle), as one statement. The audit
 * entries, the actions taken, the field changes and the data versions' bumps were four round
 * trips to the database, besides the transaction's own; each costs the portal and the database
 * server a wake-up, and on two cores a round trip less was about 5 % more order actions a second
 * (docs/performance.md, "Settling in one statement"). The rows the transaction left to be
 * inserted as it settles (`inserts`: the e-mails it queued, an order's lines), updated (`updates`:
 * an order's new status) and deleted (`removes`: a basket placed as an order, and its lines) go in
 * the same statement; PostgreSQL checks the foreign keys at the end of the statement, after every
 * clause, and no two of its clauses may write one row (settleQueue.ts keeps them apart). The
 * versions given here are those that cannot go with the COMMIT (versionsBumpText), which is where
 * settling sends the rest. Data-modifying WITH clauses all run, once, whatever the main query
 * reads; the field changes find their new entries' ids by what the entry records (entity, id,
 * action), which is unique in a trail. The versions are bumped in the order given (name order: two
 * transactions take their rows in one order). Answers the entries' rows (id, entity_type,
 * entity_id, action); undefined when there is nothing to write, more than one statement should
 * carry, or a table's rows differ in their columns (as `insertRows` then leaves them to Knex),
 * which settling then writes table by table. SQLite runs in the portal's process, where a
 * statement costs no round trip, and keeps the inserts of `AuditTrail.write`.
 */
export function settleStatement(
  pending: PendingAudit,
  versionNames: readonly string[],
  { inserts = [], updates = [], removes = [] }: SettleWrites = {},
): Statement | undefined {
  const { entries, actions, changes } = pending;
  if (entries.length > MOST_ENTRIES || changes.length > MOST_CHANGES) return undefined;
  if (inserts.some((insert) => insert.rows.length > MOST_INSERTED)) return undefined;
  if (updates.some((update) => !Object.values(update.values).every(isPlain))) return undefined;
  const inserted = inserts.filter((insert) => insert.rows.length > 0);
  const writes = inserted.length + updates.length + removes.length;
  if (entries.length + actions.length + changes.length + versionNames.length + writes === 0) return undefined;
  // The entries' and actions' columns are their rows' own, as `insertRows` takes them on SQLite.
  const entryRows = entries.map((entry) => entry.row);
  const entryColumns = entries.length > 0 ? sharedColumns(entryRows) : [];
  const actionColumns = actions.length > 0 ? sharedColumns(actions) : [];
  const insertColumns = inserted.map((insert) => sharedColumns(insert.rows));
  if (!entryColumns || !actionColumns || insertColumns.some((columns) => !columns)) return undefined;
  const bindings: unknown[] = [];
  const clauses: string[] = [];
  if (entries.length > 0) {
    clauses.push(`entries as (${insertText('"', 'audit_log_entries', entryColumns, entries.length, ENTRY_ANSWER)})`);
    bindRows(entryRows, entryColumns, bindings);
  }
  if (actions.length > 0) {
    clauses.push(`actions as (${insertText('"', 'user_actions', actionColumns, actions.length)})`);
    bindRows(actions, actionColumns, bindings);
  }
  if (changes.length > 0) {
    const rows = changes.map(({ entry, field, old_value, new_value }) => {
      const named =
        typeof entry === 'number'
          ? { entry_id: entry, entity_type: null, entity_id: null, action: null }
          : { entry_id: null, entity_type: entry.row['entity_type'], entity_id: entry.row['entity_id'], action: entry.row['action'] };
      return { ...named, field, old_value, new_value };
    });
    bindRows(rows, CHANGE_COLUMNS, bindings);
    // A change of an entry written by an earlier settle names it by id; a new one by what it records.
    const entryId = entries.length > 0 ? 'coalesce(c."entry_id", e."id")' : 'c."entry_id"';
    const join =
      entries.length > 0
        ? ' left join entries e on e."entity_type" = c."entity_type" and e."entity_id" = c."entity_id" and e."action" = c."action"'
        : '';
    const values = rows.map(() => CHANGE_ROW).join(', ');
    const columns = CHANGE_COLUMNS.map((column) => `"${column}"`).join(', ');
    clauses.push(
      `changes as (insert into "audit_field_changes" ("entry_id", "field", "old_value", "new_value") select ${entryId}, c."field", c."old_value", c."new_value" from (values ${values}) as c(${columns})${join})`,
    );
  }
  for (const [index, insert] of inserted.entries()) {
    const columns = insertColumns[index]!;
    clauses.push(`inserted_${index} as (${insertText('"', insert.table, columns, insert.rows.length)})`);
    bindRows(insert.rows, columns, bindings);
  }
  for (const [index, update] of updates.entries()) {
    const columns = Object.keys(update.values);
    clauses.push(
      `updated_${index} as (update ${quoted(update.table)} set ${columns.map((column) => `${quoted(column)} = ?`).join(', ')} where "id" = ?)`,
    );
    bindings.push(...Object.values(update.values), update.id);
  }
  for (const [index, remove] of removes.entries()) {
    clauses.push(`removed_${index} as (delete from ${quoted(remove.table)} where ${quoted(remove.column)} = ?)`);
    bindings.push(remove.id);
  }
  if (versionNames.length > 0) {
    bindings.push(...versionNames);
    clauses.push(`versions as (${versionsBump(versionNames.map(() => '?'))})`);
  }
  const answer = entries.length > 0 ? 'select "id", "entity_type", "entity_id", "action" from entries' : 'select 1 as "settled"';
  return { sql: `with ${clauses.join(', ')} ${answer}`, bindings };
}

const VERSION_NAME = /^[a-z][a-z0-9_]*$/;

const quoted = (identifier: string) => quotedIdentifier('"', identifier);

/** The insert that bumps the named data versions, each name given as its SQL (a `?`, or a literal). */
function versionsBump(names: readonly string[]): string {
  const rows = names.map((name) => `(${name}, 1)`).join(', ');
  return `insert into "data_versions" ("name", "version") values ${rows} on conflict ("name") do update set "version" = "data_versions"."version" + 1`;
}

/**
 * PostgreSQL: the statement that bumps the named data versions with the transaction's COMMIT
 * (db/commitStatements.ts), its names written in: undefined unless each is a plain lower-case
 * name, as the spec's `data_version`s are, which nothing in can end or change the statement.
 */
export function versionsBumpText(names: readonly string[]): string | undefined {
  if (names.length === 0 || !names.every((name) => VERSION_NAME.test(name))) return undefined;
  return versionsBump(names.map((name) => `'${name}'`));
}
