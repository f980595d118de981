import type { Knex } from 'knex';
import { decodeValue, encodeValue } from '../db/codec';
import { encodedRow, fieldOf, fieldsOf, preparedValues } from './recordValues';
import { insertRows } from './insertRows';
import type { EntityMeta } from '../db/entityMeta';
import { recordNotFound } from '../domain/errors';
import { entities, type EntityName } from '../generated/entities';
import { AuditTrail, SYSTEM_ACTOR, type Actor, type AuditAction, type FieldChange } from '../modules/audit/auditTrail';
import { endSessionsOf } from '../modules/auth/sessions';
import { constraintError } from './constraints';
import { auditText, withReferenceNames } from './auditValues';
import { References } from './references';
import { bumpDataVersion } from './dataVersions';
import { SettleQueue } from './settleQueue';
import { writeSettling } from './settling';
import { onPostgres } from '../db/dialect';
import type { InsertManyOptions, InsertOptions, RemoveOptions, UpdateOptions, WriteOptions } from './writeOptions';

export type { Actor, AuditAction, FieldChange };
export type { AuditOn, InsertManyOptions, InsertOptions, RemoveOptions, UpdateOptions, WriteOptions } from './writeOptions';
export { SYSTEM_ACTOR };

type Values = Record<string, unknown>;
type Row = Record<string, unknown>;

/** Bookkeeping that moves with every save: recording it would only repeat the entry's timestamp. */
// Bookkeeping a record's own history already holds: a feed's last_upload is its runs' (feed_runs).
const UNAUDITED = new Set(['updated_at', 'last_upload']);

/**
 * The one write path (docs/architecture.md): every insert, update and delete of a record goes
 * through here, inside the caller's transaction. Values are trimmed and encoded (money stays
 * exact), references are checked so a missing one is a 422 naming the field on every database,
 * constraint failures become domain errors, and the change is written to the audit log in the
 * same transaction. Services get one from their request (context.records) or from inTransaction.
 */
/**
 * The write path of one caller. Made by inTransaction, which settles it before the commit, or by
 * recordsOutside for calls outside a transaction; never by `new` elsewhere (the class is exported
 * as a type only), so no transaction can commit writes it forgot to settle.
 */
class Records {
  readonly audit: AuditTrail;
  /** Data versions this transaction's writes touched, bumped by settle() just before the commit. */
  private readonly touchedVersions = new Set<string>();
  /** What this transaction's writes refer to: checked, named, or vouched for. */
  private readonly references: References;
  /** Writes left for the settling (insertOnSettle, and updateStored's and remove's `onSettle`). */
  private readonly settleQueue = new SettleQueue();

  constructor(
    /** The transaction every write joins. */
    readonly db: Knex,
    readonly actor: Actor,
    readonly now: () => Date = () => new Date(),
  ) {
    this.audit = new AuditTrail(db, actor, now);
    this.references = new References(db);
  }

  /** Writes a new record and answers its id. */
  async insert(entity: EntityName, values: Values, options: InsertOptions = {}): Promise<number> {
    const given = options.id;
    let prepared = preparedValues(entity, given !== undefined && options.derive ? { ...values, ...options.derive(given) } : values);
    const referenced = await this.references.check(entity, [prepared]);
    const table = entities[entity].table;
    const row = given === undefined ? encodedRow(entity, prepared) : { id: given, ...encodedRow(entity, prepared) };
    let id: number;
    if (given !== undefined && options.onSettle === true && this.settlesOnPostgres()) {
      this.settleQueue.insert(entity, [row]);
      id = given;
    } else {
      const [inserted] = await this.guarded(entity, 'insert', () => insertRows(this.db, table, [row], ['id']));
      id = Number(inserted!['id']);
    }
    if (options.derive && given === undefined) {
      const derived = preparedValues(entity, options.derive(id));
      await this.guarded(entity, 'update', () => this.db(table).where('id', id).update(encodedRow(entity, derived)));
      prepared = { ...prepared, ...derived };
    }
    await this.touched(entity);
    this.references.inserted(entity, id, prepared);
    const changes = Object.entries(prepared).flatMap(([name, value]) => {
      const text = auditText(fieldOf(entity, name), value);
      return text === null ? [] : [{ field: name, old: null, new: text }];
    });
    await this.audited(entity, id, options, 'CREATE', changes, 'new', referenced);
    return id;
  }

  /**
   * Writes several new records of one entity in one statement (an order's lines), with one
   * reference check for all of them: the same values, checks and audit as an insert of each in
   * turn. Only for rows audited on a parent (`auditOn`, one per row) or not audited at all: a
   * record audited on its own needs its id before its entry, so it is inserted one by one.
   */
  async insertMany(entity: EntityName, rows: readonly Values[], options: InsertManyOptions = {}): Promise<void> {
    if (rows.length === 0) return;
    if ((entities[entity] as EntityMeta).audit === true && !options.auditOn)
      throw new Error(`${entity} is audited on its own: insert its records one by one`);
    const { prepared, encoded } = await this.checkedRows(entity, rows);
    await this.insertEncoded(entity, encoded);
    await this.touched(entity);
    await this.auditedOnParents(prepared, options.auditOn);
  }

  /** Rows of insertMany or insertOnSettle, each audited on its parent as `auditOn` says (none without it). */
  private async auditedOnParents(prepared: readonly Values[], auditOn: InsertManyOptions['auditOn']): Promise<void> {
    if (!auditOn) return;
    for (const [index, values] of prepared.entries()) {
      const on = auditOn(values, index);
      await this.audit.record(on.entity, on.id, 'UPDATE', [{ field: on.field, old: null, new: on.value }]);
    }
  }

  /**
   * Changes the given fields of a record (locked for the transaction on PostgreSQL) and answers
   * what changed; a write that changes nothing is not audited.
   */
  async update(entity: EntityName, id: number, values: Values, options: WriteOptions = {}): Promise<FieldChange[]> {
    return (await this.updateStored(entity, await this.current(entity, id), values, options)).changes;
  }

  /**
   * update() of a record whose stored row the caller has read in this transaction, after the row
   * was locked (the router locks a write's record on PostgreSQL; SQLite has one writer): no read
   * of it again. Answers the changes and the row as now stored, for the next write of it.
   */
  async updateStored(
    entity: EntityName,
    current: Row,
    values: Values,
    options: UpdateOptions = {},
  ): Promise<{ changes: FieldChange[]; row: Row }> {
    const id = Number(current['id']);
    const onSettle = options.onSettle === true && this.settlesOnPostgres();
    this.refuseIfWaiting(entity, id, onSettle ? 'update' : 'nothing');
    const prepared = preparedValues(entity, values);
    const referenced = await this.references.check(entity, [prepared]);
    const changed = Object.entries(prepared).filter(([name, value]) => {
      const field = fieldOf(entity, name);
      return JSON.stringify(decodeValue(field, current[field.column])) !== JSON.stringify(decodeValue(field, encodeValue(field, value)));
    });
    const changes = changed
      .filter(([name]) => !UNAUDITED.has(name))
      .map(([name, value]) => {
        const field = fieldOf(entity, name);
        return { field: name, old: auditText(field, decodeValue(field, current[field.column])), new: auditText(field, value) };
      });
    let row = current;
    if (changed.length > 0) {
      const table = entities[entity].table;
      const written = encodedRow(entity, Object.fromEntries(changed));
      if (onSettle) this.settleQueue.update(table, id, written);
      else await this.guarded(entity, 'update', () => this.db(table).where('id', id).update(written));
      row = { ...current, ...written };
      await this.touched(entity);
      this.references.updated(entity, id, prepared);
      await this.endSessionsIfDisabled(entity, id, Object.fromEntries(changed));
    }
    if (changes.length > 0 || options.action !== undefined) await this.audited(entity, id, options, 'UPDATE', changes, 'new', referenced);
    return { changes, row };
  }

  /**
   * A compare-and-set: writes `values` only while the record still holds `expected`, in one
   * conditional UPDATE (the database decides, so of processes sharing it exactly one wins; on
   * SQLite the statement takes the write lock before it reads). Answers the changes written and
   * audited, or null when the record no longer matched (or is gone) and nothing was written.
   */
  async updateIf(
    entity: EntityName,
    id: number,
    expected: Values,
    values: Values,
    options: WriteOptions = {},
  ): Promise<FieldChange[] | null> {
    this.refuseIfWaiting(entity, id);
    const prepared = preparedValues(entity, values);
    const referenced = await this.references.check(entity, [prepared]);
    const table = entities[entity].table;
    const query = this.db(table).where('id', id);
    for (const [name, value] of Object.entries(encodedRow(entity, expected))) {
      if (value === null) query.whereNull(name);
      else query.where(name, value as Knex.Value);
    }
    const count = (await this.guarded(entity, 'update', () => query.update(encodedRow(entity, prepared)))) as unknown as number;
    if (count === 0) return null;
    await this.touched(entity);
    this.references.updated(entity, id, prepared);
    const changes = Object.entries(prepared)
      .filter(([name]) => !UNAUDITED.has(name))
      .map(([name, value]) => {
        const field = fieldOf(entity, name);
        return { field: name, old: name in expected ? auditText(field, expected[name]) : null, new: auditText(field, value) };
      });
    await this.audited(entity, id, options, 'UPDATE', changes, 'new', referenced);
    return changes;
  }

  /** Removes a record (and the child rows named in `cascade`); a record others still refer to is a 409 record_in_use. */
  async remove(entity: EntityName, id: number, options: RemoveOptions = {}): Promise<void> {
    const current = options.current ?? (await this.current(entity, id));
    const table = entities[entity].table;
    // The child rows deleted with it, by the column that names their parent.
    const children = (options.cascade ?? []).map((child) => ({
      table: entities[child.entity].table,
      column: fieldOf(child.entity, child.via).column,
    }));
    if (options.onSettle === true && this.settlesOnPostgres()) {
      this.refuseIfWaiting(entity, id, 'update');
      for (const child of children) this.settleQueue.remove({ ...child, id });
      this.settleQueue.remove({ table, column: 'id', id });
    } else {
      this.refuseIfWaiting(entity, id);
      const record = this.db(table).where('id', id);
      const childRows = children.map((child) => this.db(child.table).where(child.column, id));
      // On PostgreSQL one statement, the children's deletes in its `with`: it checks the foreign keys at its end.
      if (onPostgres(this.db)) childRows.forEach((rows, index) => record.with(`removed_${index}`, rows.delete()));
      else for (const rows of childRows) await rows.delete();
      await this.guarded(entity, 'delete', () => record.delete());
    }
    this.references.removed(entity, id);
    await this.touched(entity);
    for (const child of options.cascade ?? []) await this.touched(child.entity);
    const changes = Object.entries(fieldsOf(entity)).flatMap(([name, field]) => {
      const text = field.type === 'id' ? null : auditText(field, decodeValue(field, current[field.column]));
      return text === null ? [] : [{ field: name, old: text, new: null }];
    });
    await this.audited(entity, id, options, 'DELETE', changes, 'old');
  }

  /**
   * A user disabled (or made inactive), or an organisation disabled, can hold no session: every
   * one in which such a user is the signed-in or the real (emulating) user ends in this
   * transaction, whichever operation disabled them (issue 22 item 2).
   */
  private async endSessionsIfDisabled(entity: EntityName, id: number, changed: Values): Promise<void> {
    if (entity === 'user' && (changed['disabled'] === true || changed['active'] === false)) await endSessionsOf(this.db, { user: id });
    if (entity === 'organisation' && changed['status'] === 'DISABLED') await endSessionsOf(this.db, { organisation: id });
  }

  /** The stored row, locked until the transaction ends on PostgreSQL (SQLite runs one writer at a time). */
  private async current(entity: EntityName, id: number): Promise<Row> {
    this.refuseIfWaiting(entity, id);
    const query = this.db(entities[entity].table).where('id', id);
    if (onPostgres(this.db)) query.forUpdate();
    const row = (await query.first()) as Row | undefined;
    if (!row) throw recordNotFound();
    return row;
  }

  /**
   * Writes new records of an entity that nothing later in the transaction reads back (the outbox's
   * messages, server/writes/outbox.ts) as the transaction settles, just before its commit, on
   * PostgreSQL in the one statement that writes its audit entries and bumps its data versions
   * (settleStatement), a round trip less for every write that queues an e-mail. Prepared, checked
   * and encoded now, as insertMany does. Outside a transaction, and on SQLite (where a statement
   * costs no round trip), written at once by insertMany. Rows audited on a parent (`auditOn`: an
   * order's lines) are audited now, as insertMany audits them. Not for an audited entity, whose
   * entries need the rows' ids. A constraint the rows break is found as the transaction ends, not
   * answered as a domain error: for rows whose values the server made and whose references it checked.
   */
  async insertOnSettle(entity: EntityName, rows: readonly Values[], options: InsertManyOptions = {}): Promise<void> {
    if ((entities[entity] as EntityMeta).audit === true) throw new Error(`${entity} is audited: insert it with insert or insertMany`);
    if (!this.settlesOnPostgres()) return this.insertMany(entity, rows, options);
    if (rows.length === 0) return;
    const { prepared, encoded } = await this.checkedRows(entity, rows);
    this.settleQueue.insert(entity, encoded);
    await this.touched(entity);
    await this.auditedOnParents(prepared, options.auditOn);
  }

  /**
   * A record whose insert or update waits for the settling (`onSettle`) is not stored, or stored as
   * it was, until then: a read of it, or a write that is not the settling's own, would go against
   * that. `allow`: 'update' for the settling's own writes of a row whose update waits (another
   * update merges with it, a delete takes its place).
   */
  private refuseIfWaiting(entity: EntityName, id: number, allow: 'nothing' | 'update' = 'nothing'): void {
    const updated = allow === 'nothing' && this.settleQueue.holdsUpdate(entities[entity].table, id);
    if (updated || this.settleQueue.holdsInsert(entity, id))
      throw new Error(`${entity} ${id} is written as the transaction settles: no other write may read or write it before`);
  }

  /** Whether writes can wait for the settle statement: in a transaction on PostgreSQL (SQLite's statements cost no round trip). */
  private settlesOnPostgres(): boolean {
    return this.db.isTransaction === true && onPostgres(this.db);
  }

  /** New rows as insertMany and insertOnSettle take them: prepared (trimmed), their references checked, and encoded for storage. */
  private async checkedRows(entity: EntityName, rows: readonly Values[]): Promise<{ prepared: Values[]; encoded: Row[] }> {
    const prepared = rows.map((values) => preparedValues(entity, values));
    await this.references.check(entity, prepared);
    return { prepared, encoded: prepared.map((values) => encodedRow(entity, values)) };
  }

  /** Encoded rows inserted, one statement per 100 rows: far below either database's limit of bound values. */
  private async insertEncoded(entity: EntityName, encoded: readonly Row[]): Promise<void> {
    const table = entities[entity].table;
    for (let start = 0; start < encoded.length; start += 100) {
      await this.guarded(entity, 'insert', () => insertRows(this.db, table, encoded.slice(start, start + 100)));
    }
  }

  /**
   * A write of an entity that feeds a cache (spec `data_version`) bumps its version in the same
   * transaction: readers see the new version exactly when they can see the write. In a transaction
   * the bump waits for settle(), just before the commit: the version's row is the one every writer
   * of that data updates, and on PostgreSQL its row lock is held from the bump to the commit, so a
   * bump at the first write would queue every other writer (all checkouts) behind the rest of this
   * transaction. The bump is made on this Records' own transaction, never a savepoint's, so no
   * rolled-back savepoint can take it with it. Outside a transaction it is made at once.
   */
  private async touched(entity: EntityName): Promise<void> {
    const name = (entities[entity] as EntityMeta).dataVersion;
    if (name === undefined) return;
    if (this.db.isTransaction) this.touchedVersions.add(name);
    else await bumpDataVersion(this.db, name);
  }

  /**
   * Tells the write path that a row exists in this transaction, with the name its record shows
   * (server/writes/references.ts): a reference to it is then neither checked nor named by a
   * query of its own. Rows this Records inserts are vouched for by themselves.
   */
  vouch(entity: EntityName, id: number, name: string | null): void {
    this.references.vouch(entity, id, name);
  }

  /** Whether this transaction has written data of the version `name` (not yet committed: no cache may keep what it reads of it). */
  touches(name: string): boolean {
    return this.touchedVersions.has(name);
  }

  /**
   * Bumps the data versions the transaction's writes touched and writes its audit entries and the
   * writes left to it (settling.ts). The owner of the transaction calls it last, before the commit
   * (inTransaction), `withCommit`: on PostgreSQL its statement then goes in the COMMIT's round trip.
   * A step may settle mid-way, at once, its entries' ids kept for later changes; writes after it
   * bump again when settled again.
   */
  async settle(options: { withCommit?: boolean } = {}): Promise<void> {
    const versions = [...this.touchedVersions];
    this.touchedVersions.clear();
    const insertEncoded = (entity: EntityName, rows: readonly Record<string, unknown>[]) => this.insertEncoded(entity, rows);
    await writeSettling(this.db, this.audit, versions, this.settleQueue.take(), insertEncoded, options);
  }

  private async guarded<T>(entity: EntityName, writing: 'insert' | 'update' | 'delete', write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      throw constraintError(entity, error, writing) ?? error;
    }
  }

  /**
   * The audit entry of an audited record (`action`, else the write's own), or of the parent its
   * row belongs to (auditOn: an UPDATE of the parent unless `action` says otherwise).
   */
  private async audited(
    entity: EntityName,
    id: number,
    options: WriteOptions,
    own: AuditAction,
    changes: FieldChange[],
    side: 'old' | 'new',
    known?: ReadonlyMap<string, string | null>,
  ): Promise<void> {
    const { auditOn } = options;
    if (auditOn) {
      const change =
        side === 'new' ? { field: auditOn.field, old: null, new: auditOn.value } : { field: auditOn.field, old: auditOn.value, new: null };
      await this.audit.record(auditOn.entity, auditOn.id, options.action ?? 'UPDATE', [change]);
    } else if ((entities[entity] as EntityMeta).audit === true) {
      const names = this.references.known(known);
      await this.audit.record(entity, id, options.action ?? own, await withReferenceNames(this.db, entity, changes, names));
    }
  }
}

export type { Records };

/**
 * A Records writing outside any transaction (the API router's reads and public calls): each write
 * is its own statement and bumps its data versions at once, so there is nothing to settle. A
 * transaction's Records comes from inTransaction only.
 */
export function recordsOutside(db: Knex, actor: Actor): Records {
  if (db.isTransaction) throw new Error('a Records on a transaction is made by inTransaction, which settles it before the commit');
  return new Records(db, actor);
}

/**
 * Runs `work` in one transaction with a Records of its own, settled (audit entries flushed, data
 * versions bumped) just before the commit: the one owner of a transaction that writes through a
 * Records (the router's write requests, jobs, tests). A lint rule (eslint.config.js) keeps
 * `new Records(` here and in the router's reads, which run outside a transaction.
 */
export function inTransaction<T>(db: Knex, actor: Actor, work: (records: Records) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    const records = new Records(trx, actor);
    const result = await work(records);
    // Last: on PostgreSQL its statement goes with the COMMIT (writes/settling.ts).
    await records.settle({ withCommit: true });
    return result;
  });
}
