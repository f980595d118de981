import { guardPasses, type GuardHolder } from '../session/guard';
import type { RouteDef } from './routeTypes';

/** The fields a guard reads; the CurrentUser has them all. */
export type GuardedUser = GuardHolder;

export type GuardDecision = 'render' | 'wait' | 'login' | 'forbidden';

/**
 * 000 §2.1 / 002 §2.1, §6: public routes render at once; every other route waits for the current
 * user, sends a signed-out visitor to log in, and sends a user who fails the route's guard
 * (permission, root, admin, linked account, any of several) to the forbidden screen.
 */
export function guardDecision(route: Pick<RouteDef, 'public' | 'guard'>, user: GuardedUser | null, loading: boolean): GuardDecision {
  if (route.public) return 'render';
  if (loading) return 'wait';
  if (!user) return 'login';
  return guardPasses(user, route.guard) ? 'render' : 'forbidden';
}

/**
 * Where to go back after logging in: only a path of this site (a `next` of `//evil.example` or
 * `https://…` would turn the login page into an open redirect).
 */
export function safeNextPath(next: string | null, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}
