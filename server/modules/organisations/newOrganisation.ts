import { DomainError } from '../../domain/errors';
import type { FirstAdmin } from '../../generated/types';
import type { Records } from '../../writes/records';
import type { SessionUser } from '../auth/sessionUser';
import { insertRole } from '../roles/service';
import { sendLink } from '../users/accountLinks';
import { NOTIFICATION_TYPES } from '../users/handlers';

/** 002 §3 / §9: a new user's default inactivity timeout (30 minutes), never above their organisation's. */
const NEW_USER_TIMEOUT = 1800;

/**
 * 002 §2.4 first admin user (docs/backoffice.md "Organisation editor"): created with the new
 * organisation, in its transaction, as its administrator (the admin flag: every permission within
 * the organisation and below it, 002 §6), unverified and without a password, in the organisation's
 * language, subscribed to the eight notifications, and sent the invitation link (72 hours) as any
 * new user is. An e-mail another user has, in any case, is 409 duplicate_value naming it.
 */
export async function createFirstAdmin(
  records: Records,
  organisation: { id: number; preferred_language: string; user_inactivity_timeout: number },
  admin: FirstAdmin,
  now: number,
): Promise<number> {
  const timezone = admin.first_admin_timezone.trim();
  if (!(await records.db('timezones').where('code', timezone).first('id'))) {
    throw new DomainError('unprocessable', 'unknown_value', {
      field: 'first_admin.first_admin_timezone',
      detail: 'one of the time zones offered',
    });
  }
  const values = {
    name: admin.first_admin_name,
    email_address: admin.first_admin_email,
    organisation: organisation.id,
    admin: true,
    user_language: organisation.preferred_language,
    timezone,
    timeout: Math.min(NEW_USER_TIMEOUT, organisation.user_inactivity_timeout),
  };
  const id = await records.insert('user', values).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'duplicate_value') {
      throw new DomainError('conflict', 'duplicate_value', {
        field: 'first_admin.first_admin_email',
        detail: 'another user has this e-mail',
      });
    }
    throw error;
  });
  for (const type of NOTIFICATION_TYPES) await records.insert('user_notification', { user: id, type });
  const user = (await records.db('users').where('id', id).first('name', 'email_address')) as { name: string; email_address: string };
  await sendLink(
    records,
    {
      id,
      name: user.name,
      email_address: user.email_address,
      user_language: organisation.preferred_language,
      organisation: organisation.id,
    },
    'INVITATION',
    now,
  );
  return id;
}

/**
 * 002 §2.4 roles tab, §6 "Organisation role templates are loaded when a parent is chosen": the
 * template roles a new organisation starts with. Each becomes a role of the organisation's own,
 * named and granted as the template (so its users can be given it, 002 §4), and is listed as one
 * of the organisation's template roles. Only template roles (else 422 role_not_template naming the
 * item); their grants are copied under the rule that nobody grants more than they hold (403
 * permission_not_held, roles/service.ts).
 */
export async function giveTemplateRoles(
  records: Records,
  user: SessionUser,
  organisationId: number,
  roleIds: readonly number[],
): Promise<void> {
  const given = new Set<number>();
  for (const [i, roleId] of roleIds.entries()) {
    if (given.has(roleId)) continue;
    given.add(roleId);
    const role = (await records.db('roles').where('id', roleId).first('name', 'template')) as
      { name: string; template: unknown } | undefined;
    if (!role || !(role.template === true || role.template === 1)) {
      throw new DomainError('unprocessable', 'role_not_template', { field: `template_roles[${i}]`, detail: 'not a template role' });
    }
    await insertRole(records, user, { name: role.name, organisation: organisationId }, roleId);
    await records.insert(
      'organisation_template_role',
      { organisation: organisationId, role: roleId },
      { auditOn: { entity: 'organisation', id: organisationId, field: 'template_roles', value: role.name } },
    );
  }
}
