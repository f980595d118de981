import { DomainError } from '../../domain/errors';
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
async function checkedValues(records: Records, user: SessionUser, values: RoleValues): Promise<{ name: string; organisation: number; template: boolean }> {
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
      .select('role_permissions.permission_id as permission', 'role_permissions.value as value', 'permissions.name as name')) as { permission: number; value: number; name: string }[];
    for (const granted of permissions) {
      const auditOn = { entity: 'role', id, field: 'permissions', value: `${granted.name}: ${granted.value}` } as const;
      await records.insert('role_permission', { role: id, permission: granted.permission, value: Number(granted.value) }, { ...action, auditOn });
    }
  }
  return id;
}
