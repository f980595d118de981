/**
 * A guard of the spec (docs/spec.md "Guards") on a route, a link, a filter, an action or an API
 * operation: every condition given must hold; `any` holds when one of its alternatives does. The
 * one type and the one evaluator: the generator validates and emits guards of this shape, the
 * server checks them on the API (server/modules/auth/guard.ts), the SPA decides with them what to
 * show (runtime/session/guard.ts); each only says how its caller answers the questions below.
 */
export interface Guard {
  readonly permission?: string;
  /** true: supplier staff only; false: everyone but supplier staff (inward quotes in the menu). */
  readonly root?: boolean;
  readonly admin?: boolean;
  /** The caller's organisation has a linked account (002 §6 feeds). */
  readonly linked_account?: boolean;
  /** The caller's organisation may create organisations below it (002 §2.3). */
  readonly can_create_resellers?: boolean;
  /** The caller's organisation has a finance type or no parent (001 §2 payment type filter). */
  readonly finance?: boolean;
  /** false: not while emulating another user (002 §4 Emulation). */
  readonly emulating?: false;
  readonly any?: readonly Guard[];
}

/** What a guard asks about its caller. */
export interface GuardSubject {
  root: boolean;
  admin: boolean;
  /** 000 §6: admins hold every permission. */
  holds(permission: string): boolean;
  linkedAccount: boolean;
  canCreateResellers: boolean;
  /** The organisation's finance type, and whether it has a parent (see financeOrganisation). */
  financeType: string | null;
  hasParent: boolean;
  emulating: boolean;
}

/** 001 §2: an organisation may pay by finance when it has a finance type or is the top of the tree. */
export function financeOrganisation(subject: Pick<GuardSubject, 'financeType' | 'hasParent'>): boolean {
  return subject.financeType !== null || !subject.hasParent;
}

export function guardPasses(subject: GuardSubject, guard: Guard): boolean {
  if (guard.permission !== undefined && !subject.holds(guard.permission)) return false;
  if (guard.root !== undefined && guard.root !== subject.root) return false;
  if (guard.admin && !subject.admin) return false;
  if (guard.linked_account && !subject.linkedAccount) return false;
  if (guard.can_create_resellers && !subject.canCreateResellers) return false;
  if (guard.finance && !financeOrganisation(subject)) return false;
  if (guard.emulating === false && subject.emulating) return false;
  if (guard.any && !guard.any.some((alternative) => guardPasses(subject, alternative))) return false;
  return true;
}
