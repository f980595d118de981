import { hasPermission } from '../session/permissions';
import type { RouteDef } from './routeTypes';

/** What the fields a guard reads; the CurrentUser has them all. */
export interface GuardedUser {
  admin: boolean;
  root: boolean;
  permissions: readonly { permission: string; parent: boolean }[];
}

export type GuardDecision = 'render' | 'wait' | 'login' | 'forbidden';

/**
 * 000 §2.1 / 002 §2.1, §6: public routes render at once; every other route waits for the current
 * user, sends a signed-out visitor to log in, and sends a user who fails the route's guard
 * (permission, root, admin) to the forbidden screen.
 */
export function guardDecision(route: Pick<RouteDef, 'public' | 'guard'>, user: GuardedUser | null, loading: boolean): GuardDecision {
  if (route.public) return 'render';
  if (loading) return 'wait';
  if (!user) return 'login';
  const guard = route.guard;
  if (!guard) return 'render';
  if (guard.root && !user.root) return 'forbidden';
  if (guard.admin && !user.admin) return 'forbidden';
  if (guard.permission && !hasPermission(user, guard.permission)) return 'forbidden';
  return 'render';
}

/**
 * Where to go back after logging in: only a path of this site (a `next` of `//evil.example` or
 * `https://…` would turn the login page into an open redirect).
 */
export function safeNextPath(next: string | null, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}
