import { hasPermission, type PermissionHolder } from '../session/permissions';
import type { GenericLink, LinkGuard } from './genericListConfig';

export type GuardHolder = PermissionHolder & { root: boolean };

/** A screen link's guard: every condition given must hold; no guard shows the link to anyone. */
export function guardPasses(user: GuardHolder | null | undefined, guard: LinkGuard | undefined): boolean {
  if (!guard) return true;
  if (!user) return false;
  if (guard.permission && !hasPermission(user, guard.permission)) return false;
  if (guard.root && !user.root) return false;
  if (guard.admin && !user.admin) return false;
  return true;
}

/** The links shown at one place (a `both` link shows at header and footer) that the user passes. */
export function linksAt(links: readonly GenericLink[], place: 'header' | 'footer', user: GuardHolder | null | undefined): GenericLink[] {
  return links.filter((link) => (link.place === place || link.place === 'both') && guardPasses(user, link.guard));
}
