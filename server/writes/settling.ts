import type { Knex } from 'knex';
import { sendWithCommit } from '../db/commitStatements';
import { onPostgres } from '../db/dialect';
import { entities, type EntityName } from '../generated/entities';
import type { AuditTrail, EntryRow } from '../modules/audit/auditTrail';
import { bumpDataVersion } from './dataVersions';
import type { SettleQueue } from './settleQueue';
import { settleStatement, versionsBumpText } from './settleStatement';

type Row = Record<string, unknown>;

/**
 * What settling a transaction writes (Records.settle), just before its commit: the data versions
 * its writes touched, bumped in name order (two transactions touching the same versions take their
 * rows in one order, never waiting on each other in a circle); its audit entries; and the writes
 * left to it (`queued`, settleQueue.ts). On PostgreSQL the bump goes with the COMMIT
 * (db/commitStatements.ts: every writer of the data updates the version's row, locked until the
 * commit ends), and the rest in one statement where it fits one (settleStatement); a transaction's
 * last settling (`withCommit`: inTransaction's) sends that statement in the COMMIT's round trip
 * too, before the bump (db/commitPipeline.ts). Otherwise, and on SQLite, table by table: updates,
 * deletes, inserts (`insertEncoded`, in the order their entities were first queued), the audit, the
 * bumps.
 */
export async function writeSettling(
  db: Knex,
  audit: AuditTrail,
  touchedVersions: readonly string[],
  queued: ReturnType<SettleQueue['take']>,
  insertEncoded: (entity: EntityName, rows: readonly Row[]) => Promise<void>,
  options: { withCommit?: boolean } = {},
): Promise<void> {
  const names = [...touchedVersions].sort();
  const pending = audit.takePending();
  const { inserts: waiting, updates, removes } = queued;
  const postgres = onPostgres(db);
  const bump = postgres && db.isTransaction ? versionsBumpText(names) : undefined;
  if (bump) await sendWithCommit(db as Knex.Transaction, bump);
  const versionsLeft = bump ? [] : names;
  const inserts = waiting.map(([entity, rows]) => ({ table: entities[entity].table, rows }));
  const statement = postgres ? settleStatement(pending, versionsLeft, { inserts, updates, removes }) : undefined;
  if (statement) {
    // The last settling waits for the COMMIT (undefined: nothing reads its entries' ids after it).
    const ran = (
      options.withCommit === true && db.isTransaction
        ? await sendWithCommit(db as Knex.Transaction, statement.sql, statement.bindings)
        : await db.raw(statement.sql, statement.bindings as Knex.RawBinding[])
    ) as { rows: EntryRow[] } | undefined;
    if (ran && pending.entries.length > 0) audit.entriesWritten(ran.rows);
    return;
  }
  for (const update of updates) await db(update.table).where('id', update.id).update(update.values);
  for (const remove of removes) await db(remove.table).where(remove.column, remove.id).delete();
  for (const [entity, rows] of waiting) await insertEncoded(entity, rows);
  await audit.write(pending);
  for (const name of versionsLeft) await bumpDataVersion(db, name);
}
