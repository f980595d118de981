/** A permission of the catalogue (GET /permissions). */
export interface CatalogueEntry {
  id: number;
  name: string;
  module: string;
}

/** A role's grant value (002 §6): 2 all, 1 child organisations, 0 off. */
export type GrantValue = 0 | 1 | 2;

export type GroupName = 'general' | 'webstore' | 'dovetail';

/**
 * 002 §2.8 groups a role's permissions into general, webstore module and dovetail module by the
 * permission's module. The catalogue marks organisation, user, role and audit permissions WEBSTORE
 * too, although they govern the back office rather than the store: those four types form the
 * general group; every other WEBSTORE permission is the webstore module's, DOVETAIL ones the
 * dovetail module's.
 */
const GENERAL_TYPES = new Set(['organisation', 'user', 'role', 'audit']);

export function groupOf(entry: CatalogueEntry): GroupName {
  if (entry.module === 'DOVETAIL') return 'dovetail';
  return GENERAL_TYPES.has(entry.name.split(':')[0] ?? '') ? 'general' : 'webstore';
}

/** The catalogue in its three groups, in order, each sorted by name; empty groups left out. */
export function permissionGroups(catalogue: readonly CatalogueEntry[]): { group: GroupName; entries: CatalogueEntry[] }[] {
  const order: GroupName[] = ['general', 'webstore', 'dovetail'];
  return order
    .map((group) => ({
      group,
      entries: catalogue.filter((entry) => groupOf(entry) === group).sort((a, b) => a.name.localeCompare(b.name)),
    }))
    .filter((part) => part.entries.length > 0);
}

/** Permission id → value; a permission the role does not grant is off. */
export type Grants = Readonly<Record<number, GrantValue>>;

export const valueOf = (grants: Grants, id: number): GrantValue => grants[id] ?? 0;

/** The permissions whose value differs from the saved one: what PUT /roles/{id} sends (the others keep theirs). */
export function changedGrants(saved: Grants, edited: Grants): { permission: number; value: GrantValue }[] {
  const ids = [...new Set([...Object.keys(saved), ...Object.keys(edited)].map(Number))].sort((a, b) => a - b);
  return ids.filter((id) => valueOf(saved, id) !== valueOf(edited, id)).map((id) => ({ permission: id, value: valueOf(edited, id) }));
}

/**
 * The grants loaded again (someone else saved the role meanwhile) with this user's changes kept on
 * top, so that nothing chosen is lost.
 */
export function keepChanges(saved: Grants, edited: Grants, fresh: Grants): Grants {
  const kept: Record<number, GrantValue> = { ...fresh };
  for (const { permission, value } of changedGrants(saved, edited)) kept[permission] = value;
  return kept;
}

/**
 * A permission's label (002 §2.8 "permissions by their labels in every locale"): its type and its
 * action from the catalogue, "Orders: view drafts" for order:view_draft; the name itself for a
 * permission whose words the catalogue lacks.
 */
export function permissionLabel(name: string, message: (key: string) => string | null): string {
  const [type = '', action = ''] = name.split(':');
  const typeText = message(`permission_type.${type}`);
  const actionText = message(`permission_action.${action}`);
  return typeText !== null && actionText !== null ? `${typeText}: ${actionText}` : name;
}
