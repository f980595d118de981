import type { Knex } from 'knex';
import { entities, type EntityName } from '../generated/entities';
import type { AccessRule, OperationDef } from '../http/operationDef';
import type { Guard } from '../modules/auth/guard';

/**
 * What the authorization matrix test knows of a caller and of the records it asks for, read
 * straight from the database and judged by the rules docs/spec.md states (000 §6, 002 §6) — not by
 * the server's own code, which it checks.
 */
export interface CallerFacts {
  userId: number;
  organisation: number;
  /** The organisation ids from the root down to the caller's own. */
  line: number[];
  root: boolean;
  admin: boolean;
  modules: string[];
  linkedAccount: boolean;
  canCreateResellers: boolean;
  /** Permission → the widest value the caller's roles grant it (0 grants left out). */
  permissions: Map<string, number>;
}

type Row = Record<string, unknown>;
const truthy = (value: unknown) => value === true || value === 1 || value === '1' || value === 't';
const pathIds = (treePath: unknown) => String(treePath).split('/').filter(Boolean).map(Number);

export async function callerFacts(db: Knex, email: string): Promise<CallerFacts> {
  const user = (await db('users').where('email_address', email).first()) as Row;
  const organisation = (await db('organisations')
    .where('id', user['organisation_id'] as number)
    .first()) as Row;
  const grants = (await db('user_roles as ur')
    .join('role_permissions as rp', 'rp.role_id', 'ur.role_id')
    .join('permissions as p', 'p.id', 'rp.permission_id')
    .where('ur.user_id', user['id'] as number)
    .select('p.name', 'rp.value')) as { name: string; value: unknown }[];
  const permissions = new Map<string, number>();
  for (const grant of grants)
    if (Number(grant.value) > 0) permissions.set(grant.name, Math.max(permissions.get(grant.name) ?? 0, Number(grant.value)));
  return {
    userId: Number(user['id']),
    organisation: Number(organisation['id']),
    line: pathIds(organisation['tree_path']),
    root: truthy(user['root']),
    admin: truthy(user['admin']),
    modules: JSON.parse(String(organisation['subscribed_modules'] ?? '[]')) as string[],
    linkedAccount:
      (await db('linked_accounts')
        .where('organisation_id', organisation['id'] as number)
        .first('id')) !== undefined,
    canCreateResellers: truthy(organisation['can_create_resellers']),
    permissions,
  };
}

const holds = (caller: CallerFacts, permission: string) => caller.admin || caller.permissions.has(permission);

function meetsGuard(caller: CallerFacts, guard: Guard): boolean {
  return (
    (guard.permission === undefined || holds(caller, guard.permission)) &&
    (guard.root === undefined || guard.root === caller.root) &&
    (!guard.admin || caller.admin) &&
    (!guard.linked_account || caller.linkedAccount) &&
    (!guard.can_create_resellers || caller.canCreateResellers) &&
    (!guard.any || guard.any.some((alternative) => meetsGuard(caller, alternative)))
  );
}

/** Whether a signed-in caller meets an operation's permission, module and guard. */
export function meets(caller: CallerFacts, operation: Pick<OperationDef, 'permission' | 'module' | 'guard'>): boolean {
  return (
    (operation.permission === undefined || holds(caller, operation.permission)) &&
    (operation.module === undefined || caller.modules.includes(operation.module)) &&
    (operation.guard === undefined || meetsGuard(caller, operation.guard))
  );
}

/** A stored value as a spec value (booleans are 0/1 in SQLite). */
function matches(expected: string | number | boolean, stored: unknown): boolean {
  return typeof expected === 'boolean' ? truthy(stored) === expected : String(stored) === String(expected);
}

export function rowMatches(
  values: Record<string, (string | number | boolean)[]> | Record<string, string | number | boolean>,
  entity: string,
  row: Row,
): boolean {
  return Object.entries(values).every(([field, wanted]) => {
    const stored = row[columnOf(entity, field)];
    return (Array.isArray(wanted) ? wanted : [wanted]).some((value) => matches(value, stored));
  });
}

export function columnOf(entity: string, field: string): string {
  const meta = (entities[entity as EntityName].fields as Record<string, { column: string }>)[field];
  if (!meta) throw new Error(`${entity} has no field ${field}`);
  return meta.column;
}

export const tableOf = (entity: string) => entities[entity as EntityName].table;

/** The organisation a record belongs to under a scope (its own id for an organisation). */
export function organisationOf(rule: AccessRule, row: Row): number | null {
  if (!rule.scope) return null;
  const value = rule.scope.field === 'self' ? row['id'] : row[columnOf(rule.entity, rule.scope.field)];
  return value === null || value === undefined ? null : Number(value);
}

/** Where an organisation stands to the caller's: own, child (any level below), parent (any level above), sibling, other tree. */
export async function relationOf(db: Knex, caller: CallerFacts, organisation: number | null): Promise<string> {
  if (organisation === null) return 'none';
  if (organisation === caller.organisation) return 'own';
  const row = (await db('organisations').where('id', organisation).first('tree_path', 'parent_id')) as Row | undefined;
  if (!row) return 'none';
  const line = pathIds(row['tree_path']);
  if (line.includes(caller.organisation)) return 'child';
  if (caller.line.includes(organisation)) return 'parent';
  if (Number(row['parent_id']) === caller.line[caller.line.length - 2]) return 'sibling';
  return 'other tree';
}

/**
 * Whether record `id` is another organisation's, for an entity whose spec says such records are
 * answered 403 (`outside_scope: forbidden`): it exists and, under every scope the operation
 * reaches it by (through `of`, those gets'), its organisation is neither the caller's nor below it
 * (for a tree scope). Judged from the spec and the rows, independently of the server's code.
 */
export async function foreignTo(
  db: Knex,
  operations: OperationDef[],
  operation: OperationDef,
  caller: CallerFacts,
  id: number,
): Promise<boolean> {
  const rule = operation.access!;
  if (!(entities[rule.entity as EntityName] as { outsideForbidden?: boolean }).outsideForbidden) return false;
  // Through `of`, the scopes of the gets named (and theirs in turn).
  const scoped = (each: AccessRule): AccessRule[] =>
    each.of ? each.of.flatMap((getId) => scoped(operations.find((candidate) => candidate.id === getId)!.access!)) : [each];
  const rules = scoped(rule).filter((each) => each.scope);
  const row = (await db(tableOf(rule.entity)).where('id', id).first()) as Row | undefined;
  if (!row || rules.length === 0) return false;
  for (const each of rules) {
    const relation = await relationOf(db, caller, organisationOf(each, row));
    if (relation === 'own' || (each.scope!.kind === 'tree' && relation === 'child')) return false;
  }
  return true;
}

/**
 * Whether the caller reaches record `id` through the operation's access rule (docs/spec-design.md "Whose
 * record an {id} names"): inside its scope (below its organisation only for a grant of 1), or
 * shared, among the records `where` allows; through `of`, as those gets would answer it.
 */
export async function reaches(
  db: Knex,
  operations: OperationDef[],
  operation: OperationDef,
  caller: CallerFacts | undefined,
  id: number,
): Promise<boolean> {
  const rule = operation.access!;
  const row = (await db(tableOf(rule.entity)).where('id', id).first()) as Row | undefined;
  if (!row || (rule.where && !rowMatches(rule.where, rule.entity, row))) return false;
  if (rule.of) {
    const gets = rule.of.map((getId) => operations.find((candidate) => candidate.id === getId)!);
    for (const get of gets) {
      // With several ways in, a way whose conditions the caller fails is closed (one way in answers its 403 itself).
      if (gets.length > 1 && (!caller || !meets(caller, get))) continue;
      if (await reaches(db, operations, get, caller, id)) return true;
    }
    return false;
  }
  if (!rule.scope) return true;
  if (!caller) return false;
  if (rule.shared && rowMatches(rule.shared, rule.entity, row)) return true;
  const organisation = organisationOf(rule, row);
  if (organisation === null) return false;
  // An own scope root reads as a tree (rootReadsTree) falls through to the tree's rule for root.
  if (rule.scope.kind === 'own' && !(rule.scope.rootReadsTree && caller.root)) return organisation === caller.organisation;
  const grantOfOne = operation.permission !== undefined && !caller.admin && caller.permissions.get(operation.permission) === 1;
  const relation = await relationOf(db, caller, organisation);
  return relation === 'child' || (relation === 'own' && !grantOfOne);
}
