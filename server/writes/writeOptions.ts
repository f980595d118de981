import type { EntityName } from '../generated/entities';
import type { AuditAction } from '../modules/audit/auditTrail';

// What a write through the write path (records.ts) may be asked to do besides writing its values.

type Values = Record<string, unknown>;
type Row = Record<string, unknown>;

/**
 * Where a child row's change is written in the audit log: on its parent record (a group's
 * products are a change of the group), under `field`, with `value` describing the row.
 */
export interface AuditOn {
  entity: EntityName;
  id: number;
  field: string;
  value: string;
}

export interface WriteOptions {
  /** The audit action; CREATE, UPDATE or DELETE by default. */
  action?: AuditAction;
  auditOn?: AuditOn;
}

export interface InsertOptions extends WriteOptions {
  /**
   * Values that follow from the new id (an order's name HUB-<10000 + id>): written with the
   * insert, so its CREATE audit entry carries them and no placeholder is ever seen.
   */
  derive?: (id: number) => Values;
  /**
   * The new record's id, taken for it from its table's sequence (nextId.ts, PostgreSQL): the row is
   * written with it and with `derive`'s values in one statement, where they are otherwise written
   * by an update after the insert.
   */
  id?: number;
}

export interface UpdateOptions extends WriteOptions {
  /**
   * Written as the transaction settles (PostgreSQL, in its settle statement: a round trip less),
   * for the last write of a record that nothing later in the transaction reads from the database
   * (an order's new status, its answer made from what was written). Audited, and its data version
   * touched, now. Another write of the row in the transaction is refused (an Error), but a remove
   * on settling, which takes the update's place. At once on SQLite.
   */
  onSettle?: boolean;
}

export interface InsertManyOptions {
  /** Each row's audit entry on its parent (an order's line as a change of the order's line_items). */
  auditOn?: (values: Values, index: number) => AuditOn;
}

export interface RemoveOptions extends WriteOptions {
  /** Child rows removed with the record (a basket's lines), by their entity and the ref pointing back. */
  cascade?: readonly { entity: EntityName; via: string }[];
  /** The stored row as this transaction last read or wrote it, after locking it (updateStored's): not read again. */
  current?: Row;
  /**
   * Deleted as the transaction settles (PostgreSQL, in its settle statement: a round trip less),
   * for a record that nothing later in the transaction reads or writes, and that nothing refers to
   * but its `cascade`'s rows (a basket placed as an order): a reference that would refuse the
   * delete is then found as the transaction ends, not answered as record_in_use. An update of it
   * waiting for the settling gives way to the delete (`current`: the row as that update left it).
   * At once on SQLite.
   */
  onSettle?: boolean;
}
