import { decodeRow } from '../db/codec';
import { DomainError } from '../domain/errors';
import type { EntityName } from '../generated/entities';
import type { ProblemCode } from '../generated/problems';
import { genericGet, rowInScope, type GenericInput } from '../reads/genericList';
import type { GenericMeta, RequestContext } from './operationDef';

type Row = Record<string, unknown>;

/**
 * The record an action or delete applies to: within the caller's scope (404 outside it, as for a
 * get), not the caller's own organisation or user when the spec says so (403 own_record), and as
 * `when` describes it (409 invalid_state: it changed since the caller saw it, or never applied).
 */
async function applicableRow(context: RequestContext, meta: GenericMeta, input: GenericInput): Promise<Row> {
  const row = await rowInScope(context.db, meta, input);
  const id = Number(row['id']);
  const user = input.user;
  if (
    meta.notSelf &&
    user &&
    ((meta.entity === 'organisation' && id === user.organisation.id) || (meta.entity === 'user' && id === user.id))
  ) {
    throw new DomainError('forbidden', 'own_record', { detail: `a user may not do this to their own ${meta.entity}` });
  }
  if (meta.when) {
    const current = decodeRow(meta.entity as EntityName, row, Object.keys(meta.when));
    const applies = Object.entries(meta.when).every(([field, value]) => current[field] === value);
    if (!applies)
      throw new DomainError('conflict', 'invalid_state', { detail: `${meta.entity} ${id} is not ${JSON.stringify(meta.when)}` });
  }
  return row;
}

/** A spec-declared action: writes its fixed values, audited as its action, and answers the record as its get shows it. */
export async function genericAction(context: RequestContext, meta: GenericMeta, input: GenericInput): Promise<unknown> {
  const action = meta.action;
  if (!action) throw new Error(`${meta.entity}: not a generic action`);
  const row = await applicableRow(context, meta, input);
  await context.records.update(meta.entity as EntityName, Number(row['id']), action.values, { action: action.audit });
  return genericGet(context.db, meta, input);
}

/**
 * A spec-declared delete: refused while rows it `restrict`s exist (409 with their problem, e.g.
 * role_in_use), then removed with the rows it `cascade`s, audited as DELETE.
 */
export async function genericDelete(context: RequestContext, meta: GenericMeta, input: GenericInput): Promise<void> {
  const remove = meta.remove;
  if (!remove) throw new Error(`${meta.entity}: not a generic delete`);
  const row = await applicableRow(context, meta, input);
  const id = Number(row['id']);
  for (const rule of remove.restrict) {
    if (await context.db(rule.table).where(rule.column, id).first('id'))
      throw new DomainError('conflict', rule.problem as ProblemCode, { detail: `${rule.table} still refer to it` });
  }
  await context.records.remove(meta.entity as EntityName, id, {
    cascade: remove.cascade.map((child) => ({ entity: child.entity as EntityName, via: child.via })),
  });
}
