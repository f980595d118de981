import type { Knex } from 'knex';
import { columnOf, encodeRow, tableOf } from '../db/codec';
import type { EntityName } from '../generated/entities';
import { genericGet, rowInScope, type GenericInput } from './genericList';
import type { GenericMeta } from './operationDef';
import { HttpProblem, outsideScope } from './problem';

type Row = Record<string, unknown>;

export interface WriteInput extends GenericInput {
  body: unknown;
}

function writeOf(meta: GenericMeta): NonNullable<GenericMeta['write']> {
  if (!meta.write) throw new Error(`${meta.entity}: not a generic create or update`);
  return meta.write;
}

const duplicate = (field: string) => new HttpProblem(409, 'duplicate_value', { parameter: field, detail: `${field} is already taken` });

/** The body's fields of the input schema (the validator already refused any other). */
function valuesOf(meta: GenericMeta, body: unknown): Row {
  const given = (body ?? {}) as Row;
  return Object.fromEntries(writeOf(meta).fields.filter((name) => name in given).map((name) => [name, given[name]]));
}

/** A field set without the one it needs is refused, not cleared: the client sees what it lost. */
function checkRequires(meta: GenericMeta, record: Row): void {
  for (const [field, needed] of Object.entries(writeOf(meta).requires)) {
    const set = (name: string) => record[name] !== null && record[name] !== undefined;
    if (set(field) && !set(needed)) {
      throw new HttpProblem(400, 'invalid_body', { parameter: field, detail: `${field} needs ${needed}` });
    }
  }
}

/** A value that must name another entity's row (a user's timezone code) names one, exactly as stored. */
async function checkLookups(db: Knex, meta: GenericMeta, values: Row): Promise<void> {
  for (const [field, target] of Object.entries(writeOf(meta).lookup ?? {})) {
    const value = values[field];
    if (value === undefined || value === null) continue;
    const entity = target.entity as EntityName;
    const found = await db(tableOf(entity)).where(columnOf(entity, target.field), value as Knex.Value).first('id');
    if (!found) throw new HttpProblem(422, 'unknown_value', { parameter: field, detail: `${field} names no ${target.entity}` });
  }
}

/** Unique text is compared case-insensitively, as users expect ("Zoom" takes "zoom"). */
async function checkUnique(db: Knex, meta: GenericMeta, values: Row, exceptId: number | undefined): Promise<void> {
  const entity = meta.entity as EntityName;
  const table = tableOf(entity);
  for (const field of writeOf(meta).unique) {
    const value = values[field];
    if (value === undefined || value === null) continue;
    const column = `${table}.${columnOf(entity, field)}`;
    const query = typeof value === 'string' ? db(table).whereRaw(`lower(${column}) = ?`, [value.toLowerCase()]) : db(table).where(column, value as Knex.Value);
    if (exceptId !== undefined) query.whereNot(`${table}.id`, exceptId);
    if (await query.first('id')) throw duplicate(field);
  }
}

/** A unique index the check raced past (or a composite one) answers as the check would. */
function uniqueViolation(meta: GenericMeta, error: unknown): HttpProblem | undefined {
  const { code, message, detail } = error as { code?: unknown; message?: unknown; detail?: unknown };
  const text = `${String(detail ?? '')} ${String(message ?? '')}`;
  // PostgreSQL's unique_violation; SQLite's constraint error says which kind in its message.
  const unique = code === '23505' || ((code === 'SQLITE_CONSTRAINT' || code === 'SQLITE_CONSTRAINT_UNIQUE') && text.includes('UNIQUE constraint failed'));
  if (!unique) return undefined;
  const entity = meta.entity as EntityName;
  // The field whose column the database names (unique ones first), so the form can show it there.
  const candidates = [...writeOf(meta).unique, ...writeOf(meta).fields];
  const field = candidates.find((name) => new RegExp(`\\b${columnOf(entity, name)}\\b`).test(text)) ?? 'body';
  return duplicate(field);
}

async function writing<T>(meta: GenericMeta, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw uniqueViolation(meta, error) ?? error;
  }
}

/** The fields the server fills (`set`), from the caller and the clock. */
function serverValues(meta: GenericMeta, user: GenericInput['user'], now: Date): Row {
  const sources = writeOf(meta).set ?? {};
  return Object.fromEntries(
    Object.entries(sources).map(([field, source]) => {
      if (source === 'now') return [field, now.toISOString()];
      if (!user) throw new Error(`${meta.entity}.${field}: set from the caller, but there is none`);
      if (source === 'caller.currency') return [field, user.organisation.currency];
      return [field, source === 'caller.user' ? user.id : user.organisation.id];
    }),
  );
}

/**
 * A scoped write must leave the record where its writer may see it: a body naming an
 * organisation outside the caller's tree (or above it, for children-only grants) is refused and
 * nothing is written. The scope's own field names the problem, so the form shows it there.
 */
async function checkStillInScope(trx: Knex, meta: GenericMeta, input: GenericInput, id: number): Promise<void> {
  if (!meta.scope) return;
  try {
    await rowInScope(trx, meta, { ...input, params: { id } });
  } catch {
    const field = meta.scope.field === 'self' ? 'parent' : meta.scope.field;
    throw outsideScope(field);
  }
}

/** A spec-declared create: the validated input schema's fields, then the record as its get shows it. */
export async function genericCreate(db: Knex, meta: GenericMeta, input: WriteInput): Promise<unknown> {
  const entity = meta.entity as EntityName;
  const values = { ...valuesOf(meta, input.body), ...serverValues(meta, input.user, new Date()) };
  checkRequires(meta, values);
  await checkLookups(db, meta, values);
  await checkUnique(db, meta, values, undefined);
  const id = await db.transaction(async (trx) => {
    const [inserted] = (await writing(meta, () => trx(tableOf(entity)).insert(encodeRow(entity, values)).returning('id'))) as ({ id: number } | number)[];
    const created = typeof inserted === 'object' ? inserted.id : inserted!;
    await checkStillInScope(trx, meta, input, created);
    return created;
  });
  return genericGet(db, meta, { params: { id }, query: {}, user: input.user });
}

/**
 * A spec-declared update: the record is found within the caller's scope first (outside it: 404,
 * as for a get); fields left out of the body keep their values, and the rules hold for the result.
 */
export async function genericUpdate(db: Knex, meta: GenericMeta, input: WriteInput): Promise<unknown> {
  const entity = meta.entity as EntityName;
  const table = tableOf(entity);
  const id = Number(input.params['id']);
  const current = await rowInScope(db, meta, input);
  const values = valuesOf(meta, input.body);
  // Only set-or-not matters to `requires`, so the stored columns need no decoding.
  const named = Object.entries(writeOf(meta).requires).flat();
  const stored = Object.fromEntries(named.map((name) => [name, current[columnOf(entity, name)]]));
  checkRequires(meta, { ...stored, ...values });
  await checkLookups(db, meta, values);
  await checkUnique(db, meta, values, id);
  if (Object.keys(values).length > 0) {
    const written = { ...values, ...serverValues(meta, input.user, new Date()) };
    await db.transaction(async (trx) => {
      await writing(meta, () => trx(table).where('id', id).update(encodeRow(entity, written)));
      await checkStillInScope(trx, meta, input, id);
    });
  }
  return genericGet(db, meta, input);
}
