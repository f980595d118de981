import { hasPermission, type PermissionHolder } from '../session/permissions';
import type { GenericLink, LinkGuard } from './genericListConfig';

export type GuardHolder = PermissionHolder & {
  root: boolean;
  organisation?: { finance_type: string | null; parent: number | null } | undefined;
};

/** 001 §2: an organisation may pay by finance when it has a finance type or is the top of the tree. */
function financeOrganisation(user: GuardHolder): boolean {
  const organisation = user.organisation;
  if (!organisation) return false;
  return organisation.finance_type !== null || organisation.parent === null;
}

/** A screen link's or filter's guard: every condition given must hold; no guard shows it to anyone. */
export function guardPasses(user: GuardHolder | null | undefined, guard: LinkGuard | undefined): boolean {
  if (!guard) return true;
  if (!user) return false;
  if (guard.permission && !hasPermission(user, guard.permission)) return false;
  if (guard.root && !user.root) return false;
  if (guard.admin && !user.admin) return false;
  if (guard.finance && !financeOrganisation(user)) return false;
  return true;
}

/** The links shown at one place (a `both` link shows at header and footer) that the user passes. */
export function linksAt(links: readonly GenericLink[], place: 'header' | 'footer', user: GuardHolder | null | undefined): GenericLink[] {
  return links.filter((link) => (link.place === place || link.place === 'both') && guardPasses(user, link.guard));
}
