/** What the permission checks read from the current user (000 §6). */
export interface PermissionHolder {
  admin: boolean;
  permissions: readonly { permission: string; parent: boolean }[];
}

/**
 * 000 §6 / 002 §6: an admin has every permission; anyone else needs an entry of that name, and
 * when the parent-level flag is asked for, the entry must have `parent` true (granted over the
 * holder's own organisation, not only its children). Signed-out users have none.
 */
export function hasPermission(user: PermissionHolder | null | undefined, name: string, parent = false): boolean {
  if (!user) return false;
  if (user.admin) return true;
  return user.permissions.some((entry) => entry.permission === name && (!parent || entry.parent));
}

/** 000 §6: the module (WEBSTORE, DOVETAIL) must be in the user's modules list. */
export function hasModule(user: { modules: readonly string[] } | null | undefined, module: string): boolean {
  return user?.modules.includes(module) ?? false;
}
