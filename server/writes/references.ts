import type { Knex } from 'knex';
import type { EntityMeta, FieldMeta } from '../db/entityMeta';
import { DomainError } from '../domain/errors';
import { entities, type EntityName } from '../generated/entities';
import { referencedRows, want, type Wanted } from './auditValues';

/**
 * The rows a transaction's writes refer to: each reference is checked to name a row (a missing
 * one is a 422 naming the field, as SQLite's foreign-key error does not say which), and the
 * names found are what the audit entries show. Rows the transaction holds already are vouched
 * for (vouch()) and neither checked nor named by a query again; the foreign keys still refuse a
 * row removed since.
 */
export class References {
  /** Rows known to exist in this transaction, with the names their records show, by `<entity>:<id>`. */
  private readonly vouched = new Map<string, string | null>();

  constructor(private readonly db: Knex) {}

  /** A row the caller read in this transaction, or holds from a cache kept by a data version the transaction read. */
  vouch(entity: EntityName, id: number, name: string | null): void {
    this.vouched.set(`${entity}:${id}`, name);
  }

  /** A row this transaction inserted: vouched for with the name written. */
  inserted(entity: EntityName, id: number, values: Record<string, unknown>): void {
    this.vouchWritten(entity, id, values);
  }

  /** A row this transaction updated: a vouched one keeps the name it now has. */
  updated(entity: EntityName, id: number, values: Record<string, unknown>): void {
    if (this.vouched.has(`${entity}:${id}`)) this.vouchWritten(entity, id, values);
  }

  /** Vouches for a written row with the name in `values` (null for an entity without names; none written: as it was). */
  private vouchWritten(entity: EntityName, id: number, values: Record<string, unknown>): void {
    const named = (entities[entity] as EntityMeta).fields['name'] !== undefined;
    if (!named) this.vouch(entity, id, null);
    else if (typeof values['name'] === 'string') this.vouch(entity, id, values['name']);
  }

  removed(entity: EntityName, id: number): void {
    this.vouched.delete(`${entity}:${id}`);
  }

  /**
   * Checks every reference of `rows` of `entity`, the first field, row by row, whose value names
   * nothing failing: one query for all of them that are not vouched for, which also answers the
   * names; the answer holds those and the vouched ones', by `<entity>:<id>`.
   */
  async check(entity: EntityName, rows: readonly Record<string, unknown>[]): Promise<Map<string, string | null>> {
    const fields = entities[entity].fields as Record<string, FieldMeta>;
    const wanted: Wanted = new Map();
    const references: [name: string, target: string, value: unknown][] = [];
    for (const values of rows) {
      for (const [name, value] of Object.entries(values)) {
        const field = fields[name];
        if (field?.type !== 'ref' || value === null || !field.to) continue;
        references.push([name, field.to, value]);
        if (Number.isSafeInteger(value) && !this.vouched.has(`${field.to}:${value as number}`)) want(wanted, field.to, value as number);
      }
    }
    const found = await referencedRows(this.db, wanted);
    for (const [name, target, value] of references) {
      const key = `${target}:${value as number}`;
      if (this.vouched.has(key)) found.set(key, this.vouched.get(key)!);
      else if (!Number.isSafeInteger(value) || !found.has(key))
        throw new DomainError('unprocessable', 'unknown_value', { field: name, detail: `${name} names no ${target}` });
    }
    return found;
  }

  /** The names an audit entry may take without a query: the vouched rows' and `found`. */
  known(found?: ReadonlyMap<string, string | null>): ReadonlyMap<string, string | null> {
    return found ? new Map([...this.vouched, ...found]) : this.vouched;
  }
}
