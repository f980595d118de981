import type { Knex } from 'knex';
import { columnOf, encodeRow } from '../../db/codec';
import { HttpProblem } from '../../http/problem';
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
async function checkedValues(db: Knex, user: SessionUser, values: RoleValues): Promise<{ name: string; organisation: number; template: boolean }> {
  const template = values.template === true;
  if (template && !guardPasses(user, TEMPLATE_SETTERS)) {
    throw new HttpProblem(403, 'forbidden_field', { parameter: 'template', detail: 'only root admins may make template roles' });
  }
  const organisation = await organisationInScope(db, user, requiredValue(values.organisation, 'organisation'));
  return { name: values.name, organisation: organisation.id, template };
}

/**
 * Writes a new role, and (duplicating) copies the permissions of `copyFrom` into it, in one
 * transaction so that a failed copy leaves no half role. Returns the new role's id.
 */
export async function insertRole(db: Knex, user: SessionUser, values: RoleValues, now: Date, copyFrom?: number): Promise<number> {
  const checked = await checkedValues(db, user, values);
  const stamp = now.toISOString();
  return db.transaction(async (trx) => {
    const row = encodeRow('role', { ...checked, created_by: user.id, created_at: stamp, updated_at: stamp });
    const [inserted] = (await trx('roles').insert(row).returning('id')) as ({ id: number } | number)[];
    const id = Number(typeof inserted === 'object' ? inserted.id : inserted);
    if (copyFrom !== undefined) {
      const [role, permission, value] = (['role', 'permission', 'value'] as const).map((field) => columnOf('role_permission', field));
      const rows = (await trx('role_permissions').where(role!, copyFrom).select(permission!, value!)) as Record<string, unknown>[];
      const copies = rows.map((source) => encodeRow('role_permission', { role: id, permission: source[permission!], value: source[value!] }));
      if (copies.length > 0) await trx('role_permissions').insert(copies);
    }
    return id;
  });
}
