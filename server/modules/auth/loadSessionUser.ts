import type { Knex } from 'knex';
import { decodeValue } from '../../db/codec';
import { effectiveBranding } from '../organisations/branding';
import type { SessionUser } from './sessionUser';

const bool = (value: unknown) => decodeValue({ column: '', type: 'boolean' }, value) as boolean;

/** The id and name of a user who could sign in now (enabled, active, of an enabled organisation). */
async function signInable(db: Knex, userId: number): Promise<{ id: number; name: string } | undefined> {
  const row = await db('users as u')
    .join('organisations as o', 'o.id', 'u.organisation_id')
    .where('u.id', userId)
    .first('u.id', 'u.name', 'u.disabled', 'u.active', 'o.status as org_status');
  return row && !bool(row.disabled) && bool(row.active) && row.org_status !== 'DISABLED' ? row : undefined;
}

/** Loads a user with their organisation and its branding, modules and permissions (cached: sessionUserCache.ts). */
export async function loadSessionUser(db: Knex, userId: number, realUserId: number | null): Promise<SessionUser | undefined> {
  const row = await db('users as u')
    .join('organisations as o', 'o.id', 'u.organisation_id')
    .where('u.id', userId)
    .first(
      'u.id',
      'u.name',
      'u.email_address',
      'u.admin',
      'u.root',
      'u.timezone',
      'u.user_language',
      'u.timeout',
      'u.disabled',
      'u.active',
      'u.two_factor',
      'o.user_inactivity_timeout as org_timeout',
      'o.require_two_factor as org_requires_two_factor',
      'o.id as org_id',
      'o.name as org_name',
      'o.parent_id as org_parent',
      'o.tree_path',
      'o.currency',
      'o.finance_type',
      'o.po_number_required',
      'o.force_po_uniqueness',
      'o.can_create_resellers',
      'o.assigned_price_list_id',
      'o.subscribed_modules',
      'o.status as org_status',
      db.raw('exists (select 1 from linked_accounts la where la.organisation_id = o.id) as org_linked'),
    );
  if (!row || bool(row.disabled) || !bool(row.active) || row.org_status === 'DISABLED') return undefined;
  const grants: { name: string; value: number }[] = await db('user_roles as ur')
    .join('role_permissions as rp', 'rp.role_id', 'ur.role_id')
    .join('permissions as p', 'p.id', 'rp.permission_id')
    .where('ur.user_id', userId)
    .where('rp.value', '>', 0)
    .select('p.name', 'rp.value');
  const permissions = new Map<string, 1 | 2>();
  for (const grant of grants) {
    // Several roles may grant the same permission: the widest grant wins.
    permissions.set(grant.name, Math.max(permissions.get(grant.name) ?? 0, Number(grant.value)) as 1 | 2);
  }
  // The administrator behind an emulation must be able to sign in too: disabling them, or their
  // organisation, ends the emulation as it ends their own sessions (issue 22 item 2).
  const real = realUserId === null ? null : await signInable(db, realUserId);
  if (realUserId !== null && !real) return undefined;
  const branding = await effectiveBranding(db, Number(row.org_id));
  return {
    id: Number(row.id),
    name: row.name,
    email_address: row.email_address,
    admin: bool(row.admin),
    root: bool(row.root),
    timezone: row.timezone,
    user_language: row.user_language,
    // 002 §4: never longer than the organisation's, even when it lowered its own after the user's was set.
    timeout: Math.min(Number(row.timeout), Number(row.org_timeout ?? row.timeout)),
    organisation: {
      id: Number(row.org_id),
      name: row.org_name,
      parent: row.org_parent === null || row.org_parent === undefined ? null : Number(row.org_parent),
      tree_path: row.tree_path,
      currency: row.currency ?? 'GBP',
      finance_type: row.finance_type ?? null,
      po_number_required: bool(row.po_number_required),
      force_po_uniqueness: bool(row.force_po_uniqueness),
      can_create_resellers: bool(row.can_create_resellers),
      assigned_price_list_id: row.assigned_price_list_id === null ? null : Number(row.assigned_price_list_id),
      linked_account: bool(row.org_linked),
      branding,
    },
    modules: JSON.parse(row.subscribed_modules ?? '[]') as SessionUser['modules'],
    permissions,
    real: real ? { id: Number(real.id), name: real.name } : null,
    twoFactorMissing: realUserId === null && bool(row.org_requires_two_factor) && !bool(row.two_factor),
  };
}
