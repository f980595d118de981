import type { Knex } from 'knex';
import { applyScope } from '../../reads/genericList';
import type { GenericMeta } from '../../reads/genericMeta';
import { invalidValue, outsideScope } from '../../domain/errors';
import type { SessionUser } from '../auth/sessionUser';

/** The organisations of the caller's tree, as the generic writes scope them (children only for grants of 1). */
const ORGANISATION_TREE: GenericMeta = {
  kind: 'get',
  entity: 'organisation',
  fields: [],
  expand: [],
  sort: [],
  filters: [],
  scope: { kind: 'tree', field: 'self' },
};

export interface ScopedOrganisation {
  id: number;
  name: string;
  is_linked: boolean;
}

/**
 * The organisation a hand-written write places its record in, when the caller may use it; any
 * other id (missing or outside the tree) is the same 422 outside_scope the generic writes give,
 * naming the body's field so the form shows it there.
 */
export async function organisationInScope(db: Knex, user: SessionUser, id: number, field = 'organisation'): Promise<ScopedOrganisation> {
  const query = db('organisations').where('organisations.id', id);
  applyScope(db, query, ORGANISATION_TREE, 'organisations', user);
  const row = (await query.first('organisations.id', 'organisations.name', 'organisations.is_linked')) as
    { id: number; name: string; is_linked: unknown } | undefined;
  if (!row) throw outsideScope(field);
  return { id: Number(row.id), name: row.name, is_linked: row.is_linked === true || row.is_linked === 1 || row.is_linked === '1' };
}

/** A field a body must carry although the entity allows null (a role's organisation, 002 §5). */
export function requiredValue<T>(value: T | null | undefined, field: string): T {
  if (value === null || value === undefined) throw invalidValue(field, `${field} is required`);
  return value;
}
