import type { Knex } from 'knex';
import type { EntityMeta } from '../db/entityMeta';
import { entities, type EntityName } from '../generated/entities';
import { operations } from '../generated/operations';
import type { SessionUser } from '../modules/auth/sessionUser';
import type { AccessRule, OperationDef } from './operationDef';

type Scope = NonNullable<AccessRule['scope']>;

/** The organisation scopes an operation reaches its record by: its own, or those of the gets it names (`of`). */
function scopesOf(operation: OperationDef, seen = new Set<string>()): Scope[] {
  const access = operation.access;
  if (!access || seen.has(operation.id)) return [];
  seen.add(operation.id);
  if (access.of)
    return access.of.flatMap((id) => {
      const get = operations.find((candidate) => candidate.id === id);
      return get ? scopesOf(get, seen) : [];
    });
  return access.scope ? [access.scope] : [];
}

/** The largest id a row can have: ids are 32-bit integer columns. */
const LARGEST_ID = 2_147_483_647;

/**
 * Whether the record an operation's {id} names belongs to another organisation, for an entity
 * that answers such records 403 rather than 404 (spec `outside_scope: forbidden`): it exists, and
 * under none of the scopes the operation reaches it by is it the caller's (own organisation, or
 * for a tree scope its subtree). A record of the caller's that the operation leaves out for its
 * state (a quote not yet sent to its recipient, a sent one in the draft editor) stays a 404.
 */
export async function isForeignRecord(db: Knex, operation: OperationDef, user: SessionUser | undefined, id: number): Promise<boolean> {
  const entityName = operation.access?.entity as EntityName | undefined;
  if (!user || !entityName || !(entities[entityName] as EntityMeta).outsideForbidden) return false;
  const scopes = scopesOf(operation);
  if (scopes.length === 0) return false;
  // Ids are 32-bit integer columns: a larger one names no row (PostgreSQL would refuse the query).
  if (id < 1 || id > LARGEST_ID) return false;
  const meta = entities[entityName] as EntityMeta;
  const row = (await db(meta.table).where('id', id).first()) as Record<string, unknown> | undefined;
  if (!row) return false;
  for (const scope of scopes) {
    const column = scope.field === 'self' ? 'id' : meta.fields[scope.field]?.column;
    const organisation = column === undefined ? null : row[column];
    if (organisation === null || organisation === undefined) continue;
    if (Number(organisation) === user.organisation.id) return false;
    if (scope.kind === 'tree' || (scope.rootReadsTree && user.root)) {
      const below = await db('organisations')
        .where('id', Number(organisation))
        .where('tree_path', 'like', `${user.organisation.tree_path}%`)
        .first('id');
      if (below) return false;
    }
  }
  return true;
}
