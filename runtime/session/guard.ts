import { guardPasses as passes, type Guard, type GuardSubject } from '../../shared/guard/guard';
import { hasPermission, type PermissionHolder } from './permissions';

export type { Guard };

/** What a guard reads from the current user; the CurrentUser has it all. */
export type GuardHolder = PermissionHolder & {
  root: boolean;
  /** Set while emulating: the administrator behind the session. */
  real_id?: number | null;
  organisation?:
    { linked_account?: boolean; can_create_resellers?: boolean; finance_type?: string | null; parent?: number | null } | undefined;
};

/** How the current user answers a guard's questions (shared/guard/guard.ts evaluates it). */
function guardSubjectOf(user: GuardHolder): GuardSubject {
  const organisation = user.organisation;
  return {
    root: user.root,
    admin: user.admin,
    holds: (permission) => hasPermission(user, permission),
    linkedAccount: organisation?.linked_account === true,
    canCreateResellers: organisation?.can_create_resellers === true,
    // Without its organisation the user is asked as one of no finance type below another.
    financeType: organisation ? (organisation.finance_type ?? null) : null,
    hasParent: organisation ? (organisation.parent ?? null) !== null : true,
    emulating: (user.real_id ?? null) !== null,
  };
}

/**
 * A guard of the spec on a route, link, filter or action: the server checks the same guard on the
 * API (server/modules/auth/guard.ts); this only decides what to show. No guard lets anyone
 * through; a guard lets no signed-out visitor through.
 */
export function guardPasses(user: GuardHolder | null | undefined, guard: Guard | undefined): boolean {
  if (!guard) return true;
  if (!user) return false;
  return passes(guardSubjectOf(user), guard);
}
