import type { Knex } from 'knex';
import type { AuditLogEntry } from '../../generated/types';

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
  private readonly entries = new Map<string, number>();
  /** In a transaction, the rows written by flush() before the commit: one insert per table, not one per entry. */
  private readonly pendingActions: Record<string, unknown>[] = [];
  private readonly pendingChanges: Record<string, unknown>[] = [];

  constructor(
    private readonly db: Knex,
    readonly actor: Actor,
    private readonly now: () => Date,
  ) {}

  async record(entityType: string, entityId: number, action: AuditAction, changes: readonly FieldChange[]): Promise<void> {
    const key = `${entityType}:${entityId}:${action}`;
    let entryId = this.entries.get(key);
    if (entryId === undefined) {
      const at = this.now().getTime();
      const [inserted] = (await this.db('audit_log_entries')
        .insert({
          entity_type: entityType,
          entity_id: entityId,
          timestamp: at,
          ip_address: this.actor.ip,
          action,
          user_id: this.actor.userId,
          on_behalf_id: this.actor.onBehalfOf,
          api_client: this.actor.apiClient ?? null,
        })
        .returning('id')) as ({ id: number } | number)[];
      entryId = Number(typeof inserted === 'object' ? inserted.id : inserted);
      this.entries.set(key, entryId);
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
    this.pendingChanges.push(
      ...changes.map((change) => ({ entry_id: entryId, field: change.field, old_value: clip(change.old), new_value: clip(change.new) })),
    );
    // Outside a transaction each write commits on its own: so do its rows.
    if (!this.db.isTransaction) await this.flush();
  }

  /**
   * Writes the actions taken and field changes recorded since the last flush. The entries
   * themselves are written at once (their ids join the rest); these wait for the transaction's
   * owner to settle it before the commit (Records.settle), so a checkout's four entries and 56
   * changes are three inserts, not a dozen.
   */
  async flush(): Promise<void> {
    const actions = this.pendingActions.splice(0);
    const changes = this.pendingChanges.splice(0);
    if (actions.length > 0) await this.db('user_actions').insert(actions);
    // 4 values a row: 200 rows keep far below either database's limit of bound values.
    for (let start = 0; start < changes.length; start += 200)
      await this.db('audit_field_changes').insert(changes.slice(start, start + 200));
  }
}

/** The column holds 5,000 characters; a longer value (a description) keeps its start. */
function clip(value: string | null): string | null {
  return value !== null && value.length > 5000 ? `${value.slice(0, 4999)}…` : value;
}
