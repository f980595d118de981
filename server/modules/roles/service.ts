import { DomainError, invalidValue, recordNotFound } from '../../domain/errors';
import type { Records } from '../../writes/records';
import { guardPasses, type Guard } from '../auth/guard';
import type { SessionUser } from '../auth/sessionUser';
import { organisationInScope, requiredValue } from '../organisations/organisationScope';

/** 002 §5: "The template option is for admin-and-root users only, on new or duplicate roles." */
export const TEMPLATE_SETTERS: Guard = { root: true, admin: true };

export interface RoleValues {
  name: string;
  organisation?: number | null;
  template?: boolean;
}

/**
 * Checks a new role's values against the caller: the organisation is required and within the
 * caller's tree; only root admins may make a template (403 forbidden_field, naming template).
 */
async function checkedValues(
  records: Records,
  user: SessionUser,
  values: RoleValues,
): Promise<{ name: string; organisation: number; template: boolean }> {
  const template = values.template === true;
  if (template && !guardPasses(user, TEMPLATE_SETTERS)) {
    throw new DomainError('forbidden', 'forbidden_field', { field: 'template', detail: 'only root admins may make template roles' });
  }
  const organisation = await organisationInScope(records.db, user, requiredValue(values.organisation, 'organisation'));
  return { name: values.name, organisation: organisation.id, template };
}

/**
 * Writes a new role, and (duplicating) copies the permissions of `copyFrom` into it, in the
 * request's transaction so that a failed copy leaves no half role. Returns the new role's id.
 */
export async function insertRole(records: Records, user: SessionUser, values: RoleValues, copyFrom?: number): Promise<number> {
  const checked = await checkedValues(records, user, values);
  const stamp = records.now().toISOString();
  const action = copyFrom === undefined ? {} : ({ action: 'DUPLICATE' } as const);
  const id = await records.insert('role', { ...checked, created_by: user.id, created_at: stamp, updated_at: stamp }, action);
  if (copyFrom !== undefined) {
    const permissions = (await records
      .db('role_permissions')
      .join('permissions', 'permissions.id', 'role_permissions.permission_id')
      .where('role_permissions.role_id', copyFrom)
      .orderBy('permissions.name')
      .select('role_permissions.permission_id as permission', 'role_permissions.value as value', 'permissions.name as name')) as {
      permission: number;
      value: number;
      name: string;
    }[];
    refuseUnheld(
      user,
      permissions.map(({ name, value }) => ({ name, value: Number(value), before: 0 })),
    );
    for (const granted of permissions) {
      const auditOn = { entity: 'role', id, field: 'permissions', value: `${granted.name}: ${granted.value}` } as const;
      await records.insert(
        'role_permission',
        { role: id, permission: granted.permission, value: Number(granted.value) },
        { ...action, auditOn },
      );
    }
  }
  return id;
}

export interface RoleChanges {
  name?: string;
  permissions?: { permission: number; value: 0 | 1 | 2 }[];
}

/**
 * Saves a role's name and permissions (002 §2.8) as one audit entry of the role: a permission
 * per change ("order:view" 2 → 1; 0 removes the grant). The role must lie in the caller's tree
 * (templates: the supplier's); one the caller holds is refused (002 §5 "You cannot edit your own
 * roles"). `updated_at` moves, so the role's ETag does too.
 */
export async function updateRole(records: Records, user: SessionUser, roleId: number, changes: RoleChanges): Promise<void> {
  const { db } = records;
  const role = (await db('roles').where('id', roleId).first('id', 'organisation_id')) as
    { id: number; organisation_id: number | null } | undefined;
  if (!role || role.organisation_id === null) throw recordNotFound();
  await organisationInScope(db, user, Number(role.organisation_id)).catch(() => {
    throw recordNotFound();
  });
  if (await db('user_roles').where({ user_id: user.id, role_id: roleId }).first('id'))
    throw new DomainError('forbidden', 'cannot_edit_own_roles');
  if (changes.name !== undefined && changes.name.trim() === '') throw invalidValue('name', 'name is required');
  await checkGrantable(records, user, roleId, changes.permissions ?? []);
  const stamp = records.now().toISOString();
  await records.update('role', roleId, { ...(changes.name !== undefined && { name: changes.name }), updated_at: stamp });
  for (const wanted of changes.permissions ?? []) await setGrant(records, roleId, wanted.permission, wanted.value);
}

/** A value a role is to hold for a permission, and the value it holds now. */
interface Grant {
  name: string;
  value: number;
  before: number;
}

/**
 * Issue 22 item 3: nobody grants a permission, or a wider value (2 all over 1 child
 * organisations), than they hold themselves, so role:modify cannot be turned into user:admin.
 * An admin holds every permission (002 §6), so passes; root users are held to their grants like
 * anyone (002 §6 gives root no permissions of its own). Narrowing or removing a grant (a value
 * below the one the role holds) widens nobody's rights and is allowed whatever the caller holds.
 * The whole save is refused (403 permission_not_held, naming the first such permission).
 */
function refuseUnheld(user: SessionUser, grants: readonly Grant[]): void {
  if (user.admin) return;
  for (const { name, value, before } of grants) {
    if (value > before && value > (user.permissions.get(name) ?? 0)) {
      throw new DomainError('forbidden', 'permission_not_held', {
        field: 'permissions',
        detail: `${name} at ${value} is more than you hold`,
      });
    }
  }
}

/** The grants a save asks for, as refuseUnheld judges them (an unknown permission is setGrant's 422). */
async function checkGrantable(
  records: Records,
  user: SessionUser,
  roleId: number,
  wanted: readonly { permission: number; value: number }[],
): Promise<void> {
  if (user.admin || wanted.length === 0) return;
  const ids = wanted.map(({ permission }) => permission);
  const names = new Map(
    ((await records.db('permissions').whereIn('id', ids).select('id', 'name')) as { id: number; name: string }[]).map((row) => [
      Number(row.id),
      row.name,
    ]),
  );
  const held = new Map(
    (
      (await records.db('role_permissions').where('role_id', roleId).whereIn('permission_id', ids).select('permission_id', 'value')) as {
        permission_id: number;
        value: number;
      }[]
    ).map((row) => [Number(row.permission_id), Number(row.value)]),
  );
  refuseUnheld(
    user,
    wanted.flatMap(({ permission, value }) => {
      const name = names.get(permission);
      return name === undefined ? [] : [{ name, value, before: held.get(permission) ?? 0 }];
    }),
  );
}

async function setGrant(records: Records, roleId: number, permissionId: number, value: 0 | 1 | 2): Promise<void> {
  const permission = (await records.db('permissions').where('id', permissionId).first('name')) as { name: string } | undefined;
  if (!permission)
    throw new DomainError('unprocessable', 'unknown_value', { field: 'permissions', detail: `permission ${permissionId} does not exist` });
  const grant = (await records.db('role_permissions').where({ role_id: roleId, permission_id: permissionId }).first('id', 'value')) as
    { id: number; value: number } | undefined;
  const before = grant ? Number(grant.value) : 0;
  if (before === value) return;
  const change = { field: `permission ${permission.name}`, old: String(before), new: String(value) };
  if (!grant) await records.insert('role_permission', { role: roleId, permission: permissionId, value });
  else if (value === 0) await records.remove('role_permission', grant.id);
  else await records.update('role_permission', grant.id, { value });
  await records.audit.record('role', roleId, 'UPDATE', [change]);
}
