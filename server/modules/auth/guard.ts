import { hasPermission, type SessionUser } from './sessionUser';

/**
 * A spec guard (docs/spec.md `guard`): every condition given must hold; `any` holds when one of
 * its alternatives does. The SPA repeats the same rule for routes and links (runtime/session/guard.ts).
 */
export interface Guard {
  permission?: string;
  /** true: supplier staff only; false: everyone but supplier staff (inward quotes in the menu). */
  root?: boolean;
  admin?: boolean;
  /** The caller's organisation has a linked account. */
  linked_account?: boolean;
  /** The caller's organisation may create organisations below it (002 §2.3). */
  can_create_resellers?: boolean;
  /** false: not while emulating another user (002 §4 Emulation). */
  emulating?: false;
  any?: readonly Guard[];
}

export function guardPasses(user: SessionUser, guard: Guard): boolean {
  if (guard.permission && !hasPermission(user, guard.permission)) return false;
  if (guard.root !== undefined && guard.root !== user.root) return false;
  if (guard.admin && !user.admin) return false;
  if (guard.linked_account && !user.organisation.linked_account) return false;
  if (guard.can_create_resellers && !user.organisation.can_create_resellers) return false;
  if (guard.emulating === false && user.real) return false;
  if (guard.any && !guard.any.some((alternative) => guardPasses(user, alternative))) return false;
  return true;
}
