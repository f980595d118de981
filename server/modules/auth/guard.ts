import { guardPasses as passes, type Guard, type GuardSubject } from '../../../shared/guard/guard';
import { hasPermission, type SessionUser } from './sessionUser';

export type { Guard };

/** How a signed-in caller answers a guard's questions (shared/guard/guard.ts evaluates it). */
export function guardSubjectOf(user: SessionUser): GuardSubject {
  return {
    root: user.root,
    admin: user.admin,
    holds: (permission) => hasPermission(user, permission),
    linkedAccount: user.organisation.linked_account,
    canCreateResellers: user.organisation.can_create_resellers,
    financeType: user.organisation.finance_type,
    hasParent: user.organisation.parent !== null,
    emulating: user.real !== null,
  };
}

/** A spec guard on the API (docs/spec.md "Guards"): the SPA asks the same of its user. */
export function guardPasses(user: SessionUser, guard: Guard): boolean {
  return passes(guardSubjectOf(user), guard);
}
