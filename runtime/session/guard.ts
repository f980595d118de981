import { hasPermission, type PermissionHolder } from './permissions';

/**
 * A guard of the spec (docs/spec.md `guard`) on a route or a screen link: every condition given
 * must hold; `any` holds when one of its alternatives does. The server checks the same guard on
 * the API (server/modules/auth/guard.ts); this copy only decides what to show.
 */
export interface Guard {
  readonly permission?: string;
  /** true: supplier staff only; false: everyone but supplier staff. */
  readonly root?: boolean;
  readonly admin?: boolean;
  /** The user's organisation has a linked account. */
  readonly linked_account?: boolean;
  /** The user's organisation may create organisations below it (002 §2.3). */
  readonly can_create_resellers?: boolean;
  /** The user's organisation has a finance type or no parent (001 §2 payment type filter). */
  readonly finance?: boolean;
  /** false: not while emulating another user (002 §4 Emulation). */
  readonly emulating?: false;
  readonly any?: readonly Guard[];
}

/** What a guard reads from the current user; the CurrentUser has it all. */
export type GuardHolder = PermissionHolder & {
  root: boolean;
  /** Set while emulating: the administrator behind the session. */
  real_id?: number | null;
  organisation?: { linked_account?: boolean; can_create_resellers?: boolean; finance_type?: string | null; parent?: number | null } | undefined;
};

/** 001 §2: an organisation may pay by finance when it has a finance type or is the top of the tree. */
function financeOrganisation(user: GuardHolder): boolean {
  const organisation = user.organisation;
  if (!organisation) return false;
  return (organisation.finance_type ?? null) !== null || (organisation.parent ?? null) === null;
}

/** No guard lets anyone through; a guard lets no signed-out visitor through. */
export function guardPasses(user: GuardHolder | null | undefined, guard: Guard | undefined): boolean {
  if (!guard) return true;
  if (!user) return false;
  if (guard.permission && !hasPermission(user, guard.permission)) return false;
  if (guard.root !== undefined && guard.root !== user.root) return false;
  if (guard.admin && !user.admin) return false;
  if (guard.linked_account && user.organisation?.linked_account !== true) return false;
  if (guard.can_create_resellers && user.organisation?.can_create_resellers !== true) return false;
  if (guard.finance && !financeOrganisation(user)) return false;
  if (guard.emulating === false && (user.real_id ?? null) !== null) return false;
  if (guard.any && !guard.any.some((alternative) => guardPasses(user, alternative))) return false;
  return true;
}
