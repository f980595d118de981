import type { Knex } from 'knex';
import { columnOf, tableOf } from '../db/codec';
import { DomainError, invalidValue, outsideScope } from '../domain/errors';
import type { EntityName } from '../generated/entities';
import { genericGet, rowInScope, type GenericInput } from '../reads/genericList';
import type { GenericMeta, RequestContext } from './operationDef';

type Row = Record<string, unknown>;

export interface WriteInput extends GenericInput {
  body: unknown;
}

function writeOf(meta: GenericMeta): NonNullable<GenericMeta['write']> {
  if (!meta.write) throw new Error(`${meta.entity}: not a generic create or update`);
  return meta.write;
}

/** The body's fields of the input schema (the validator already refused any other). */
function valuesOf(meta: GenericMeta, body: unknown): Row {
  const given = (body ?? {}) as Row;
  return Object.fromEntries(
    writeOf(meta)
      .fields.filter((name) => name in given)
      .map((name) => [name, given[name]]),
  );
}

/** A field set without the one it needs is refused, not cleared: the client sees what it lost. */
function checkRequires(meta: GenericMeta, record: Row): void {
  for (const [field, needed] of Object.entries(writeOf(meta).requires)) {
    const set = (name: string) => record[name] !== null && record[name] !== undefined;
    if (set(field) && !set(needed)) throw invalidValue(field, `${field} needs ${needed}`);
  }
}

/** A value that must name another entity's row (a user's timezone code) names one, exactly as stored. */
async function checkLookups(db: Knex, meta: GenericMeta, values: Row): Promise<void> {
  for (const [field, target] of Object.entries(writeOf(meta).lookup ?? {})) {
    const value = values[field];
    if (value === undefined || value === null) continue;
    const entity = target.entity as EntityName;
    const found = await db(tableOf(entity))
      .where(columnOf(entity, target.field), value as Knex.Value)
      .first('id');
    if (!found) throw new DomainError('unprocessable', 'unknown_value', { field, detail: `${field} names no ${target.entity}` });
  }
}

/**
 * A scoped write must leave the record where its writer may see it: a body naming an
 * organisation outside the caller's tree (or above it, for children-only grants) is refused, and
 * the request's transaction takes the write back. The scope's own field names the problem.
 */
async function checkStillInScope(db: Knex, meta: GenericMeta, input: GenericInput, id: number): Promise<void> {
  if (!meta.scope) return;
  try {
    await rowInScope(db, meta, { ...input, params: { id } });
  } catch {
    throw outsideScope(meta.scope.field === 'self' ? 'parent' : meta.scope.field);
  }
}

/** A spec-declared create: the validated input schema's fields, then the record as its get shows it. */
export async function genericCreate(context: RequestContext, meta: GenericMeta, input: WriteInput): Promise<unknown> {
  const values = valuesOf(meta, input.body);
  checkRequires(meta, values);
  await checkLookups(context.db, meta, values);
  const id = await context.records.insert(meta.entity as EntityName, values);
  await checkStillInScope(context.db, meta, input, id);
  return genericGet(context.db, meta, { params: { id }, query: {}, user: input.user });
}

/**
 * A spec-declared update: the record is found within the caller's scope first (outside it: 404,
 * as for a get); fields left out of the body keep their values, and the rules hold for the result.
 */
export async function genericUpdate(context: RequestContext, meta: GenericMeta, input: WriteInput): Promise<unknown> {
  const entity = meta.entity as EntityName;
  const id = Number(input.params['id']);
  const current = await rowInScope(context.db, meta, input);
  const values = valuesOf(meta, input.body);
  // Only set-or-not matters to `requires`, so the stored columns need no decoding.
  const named = Object.entries(writeOf(meta).requires).flat();
  const stored = Object.fromEntries(named.map((name) => [name, current[columnOf(entity, name)]]));
  checkRequires(meta, { ...stored, ...values });
  await checkLookups(context.db, meta, values);
  if (Object.keys(values).length > 0) {
    await context.records.update(entity, id, values);
    await checkStillInScope(context.db, meta, input, id);
  }
  return genericGet(context.db, meta, input);
}
