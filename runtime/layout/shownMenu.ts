import { guardPasses, type Guard, type GuardHolder } from '../session/guard';
import type { MessageKey } from '../generated/messages';
import type { MenuEntryDef, MenuItemDef } from './menuTypes';

/** An entry a user is shown: where it leads, and whether the router draws it (a route) or the server (href). */
export interface ShownEntry {
  readonly kind: 'entry';
  readonly label: MessageKey;
  readonly path: string;
  readonly route: boolean;
}

export interface ShownGroup {
  readonly kind: 'group';
  readonly name: string;
  readonly label: MessageKey;
  readonly entries: readonly ShownEntry[];
}

export type ShownItem = ShownEntry | ShownGroup;

/** What the menu reads of a route of the registry. */
export interface MenuRoute {
  readonly path: string;
  readonly guard?: Guard;
}

function shownEntry(entry: MenuEntryDef, user: GuardHolder, routeOf: (name: string) => MenuRoute): ShownEntry[] {
  if (!guardPasses(user, entry.guard)) return [];
  if (entry.href !== undefined) return [{ kind: 'entry', label: entry.label, path: entry.href, route: false }];
  const route = routeOf(entry.route ?? '');
  return guardPasses(user, route.guard) ? [{ kind: 'entry', label: entry.label, path: route.path, route: true }] : [];
}

/**
 * The menu a user sees: each entry its route's guard and its own let them through, each group
 * holding at least one such entry; nothing for a visitor who is not signed in.
 */
export function shownMenu(
  menu: readonly MenuItemDef[],
  user: GuardHolder | null | undefined,
  routeOf: (name: string) => MenuRoute,
): ShownItem[] {
  if (!user) return [];
  return menu.flatMap((item): ShownItem[] => {
    if (item.kind === 'entry') return shownEntry(item, user, routeOf);
    const entries = item.entries.flatMap((entry) => shownEntry(entry, user, routeOf));
    return entries.length > 0 ? [{ kind: 'group', name: item.name, label: item.label, entries }] : [];
  });
}

/**
 * The path of the current entry: the route entry whose path is the page's path or lies above it
 * (an order's page belongs to Orders), the longest such when several do (Orders, not the store
 * at /webstore).
 */
export function currentEntryPath(items: readonly ShownItem[], pathname: string): string | undefined {
  const entries = items.flatMap((item) => (item.kind === 'group' ? item.entries : [item])).filter((entry) => entry.route);
  const containing = entries.filter((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`));
  return containing.sort((a, b) => b.path.length - a.path.length)[0]?.path;
}
