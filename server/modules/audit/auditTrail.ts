import type { Knex } from 'knex';
import type { AuditLogEntry } from '../../generated/types';
import { insertRows } from '../../writes/insertRows';

export type AuditAction = AuditLogEntry['action'];

/** Who made a change: the signed-in user (the emulated one while emulating), the real one behind, and whence. */
export interface Actor {
  /** Null for the system itself (a job, a public form). */
  userId: number | null;
  /** The administrator behind an emulated session (002 §3 on_behalf); null otherwise. */
  onBehalfOf: number | null;
  ip: string | null;
  /** The API client the user acts through ("name (client id)"), when the request came with its token. */
  apiClient?: string | null;
}

export const SYSTEM_ACTOR: Actor = { userId: null, onBehalfOf: null, ip: null };

/** One field's values before and after, as the audit log shows them (text; null when empty). */
export interface FieldChange {
  field: string;
  old: string | null;
  new: string | null;
}

/**
 * The audit entries of one transaction. Changes to one record by one action are gathered into
 * one entry (a role's permissions saved together are one "UPDATE" with a change per permission),
 * and each new entry is also one of the acting user's "actions taken" (002 §2.6).
 * The only code that writes audit rows: every other write goes through server/writes/records.ts.
 */
export class AuditTrail {
  /** Each entry of this trail by `<entity>:<id>:<action>`: its id once written, its row until then. */
  private readonly entries = new Map<string, number | PendingEntry>();
  /** In a transaction, the rows written by flush() before the commit: one insert per table, not one per row. */
  private readonly pendingEntries: PendingEntry[] = [];
  private readonly pendingActions: Record<string, unknown>[] = [];
  private readonly pendingChanges: { entry: number | PendingEntry; change: FieldChange }[] = [];

  constructor(
    private readonly db: Knex,
    readonly actor: Actor,
    private readonly now: () => Date,
  ) {}

  async record(entityType: string, entityId: number, action: AuditAction, changes: readonly FieldChange[]): Promise<void> {
    const key = `${entityType}:${entityId}:${action}`;
    let entry = this.entries.get(key);
    if (entry === undefined) {
      const at = this.now().getTime();
      entry = {
        key,
        row: {
          entity_type: entityType,
          entity_id: entityId,
          timestamp: at,
          ip_address: this.actor.ip,
          action,
          user_id: this.actor.userId,
          on_behalf_id: this.actor.onBehalfOf,
          api_client: this.actor.apiClient ?? null,
        },
      };
      this.entries.set(key, entry);
      this.pendingEntries.push(entry);
      if (this.actor.userId !== null) {
        this.pendingActions.push({
          user_id: this.actor.userId,
          timestamp: at,
          ip_address: this.actor.ip,
          action,
          on: `${entityType} ${entityId}`,
          on_behalf_id: this.actor.onBehalfOf,
        });
      }
    }
    for (const change of changes) this.pendingChanges.push({ entry, change });
    // Outside a transaction each write commits on its own: so do its rows.
    if (!this.db.isTransaction) await this.flush();
  }

  /**
   * Writes the entries, actions taken and field changes recorded since the last flush. In a
   * transaction they wait for its owner to settle it before the commit (Records.settle), so a
   * checkout's four entries and 56 changes are three inserts, not a dozen. Nothing reads a
   * transaction's own audit rows before its commit: the audit tabs are reads of their own.
   */
  flush(): Promise<void> {
    return this.write(this.takePending());
  }

  /** Writes rows taken from the trail (takePending): an insert per table, split where they are many. */
  async write({ entries, actions, changes }: PendingAudit): Promise<void> {
    await this.writeEntries(entries);
    const changeRows = changes.map(({ entry, field, old_value, new_value }) => ({
      entry_id: this.idOf(entry),
      field,
      old_value,
      new_value,
    }));
    await insertRows(this.db, 'user_actions', actions);
    // 4 values a row: 200 rows keep far below either database's limit of bound values.
    for (let start = 0; start < changeRows.length; start += 200)
      await insertRows(this.db, 'audit_field_changes', changeRows.slice(start, start + 200));
  }

  /**
   * The rows recorded since the last flush, taken out of the trail for one writer to write them:
   * write(), or on PostgreSQL the one statement that settles a transaction
   * (server/writes/settleStatement.ts), which hands the entries' ids back (entriesWritten).
   */
  takePending(): PendingAudit {
    return {
      entries: this.pendingEntries.splice(0),
      actions: this.pendingActions.splice(0),
      changes: this.pendingChanges.splice(0).map(({ entry, change }) => ({
        entry,
        field: change.field,
        old_value: clip(change.old),
        new_value: clip(change.new),
      })),
    };
  }

  /** The ids the database gave entries, each matched to its entry by what it records (neither database promises RETURNING's rows in the order of the VALUES). */
  entriesWritten(rows: readonly EntryRow[]): void {
    for (const row of rows) this.entries.set(`${row.entity_type}:${Number(row.entity_id)}:${row.action}`, Number(row.id));
  }

  private idOf(entry: number | PendingEntry): number {
    const id = typeof entry === 'number' ? entry : this.entries.get(entry.key);
    if (typeof id !== 'number') throw new Error(`audit entry ${typeof entry === 'number' ? entry : entry.key} was not written`);
    return id;
  }

  /** The entries in one insert (100 a statement), their ids kept (entriesWritten). */
  private async writeEntries(pending: PendingEntry[]): Promise<void> {
    for (let start = 0; start < pending.length; start += 100) {
      const batch = pending.slice(start, start + 100);
      const inserted = await insertRows(
        this.db,
        'audit_log_entries',
        batch.map((entry) => entry.row),
        ['id', 'entity_type', 'entity_id', 'action'],
      );
      this.entriesWritten(inserted as unknown as EntryRow[]);
    }
  }
}

/** What the database answers of a written entry. */
export interface EntryRow {
  id: number | string;
  entity_type: string;
  entity_id: number | string;
  action: string;
}

/** An entry recorded in a transaction and not yet written. */
export interface PendingEntry {
  key: string;
  /** The entry's row: entity_type, entity_id and action among its columns. */
  row: Record<string, unknown>;
}

/** What a trail recorded and has not written: its rows, each change naming its entry by id when that is written already. */
export interface PendingAudit {
  entries: PendingEntry[];
  actions: Record<string, unknown>[];
  changes: { entry: number | PendingEntry; field: string; old_value: string | null; new_value: string | null }[];
}

/** The column holds 5,000 characters; a longer value (a description) keeps its start. */
function clip(value: string | null): string | null {
  return value !== null && value.length > 5000 ? `${value.slice(0, 4999)}…` : value;
}
