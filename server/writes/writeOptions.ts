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
  /**
   * With `id`: written as the transaction settles (PostgreSQL, in its settle statement: a round
   * trip less), for a record that nothing later in the transaction reads from the database (a
   * checkout's order: its answer and e-mails are made from what was written). Checked, audited, and
   * its data version touched, now. Rows that refer to it go with it (an order's lines, by
   * insertOnSettle after it), and PostgreSQL checks their foreign keys at the statement's end; a
   * settling too large for one statement writes table by table, in the order the tables were first
   * given. A constraint it breaks is found as the transaction ends, not answered as a domain error:
   * for rows whose values the server made. Another read or write of it in the transaction is
   * refused (an Error). At once on SQLite, and without `id`.
   */
  onSettle?: boolean;
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
