import type { Branding } from '../organisations/branding';

/** The signed-in caller as the server sees it (whoami shows a subset). */
export interface SessionUser {
  id: number;
  name: string;
  email_address: string;
  admin: boolean;
  root: boolean;
  timezone: string;
  user_language: string;
  /** Seconds of inactivity after which the session ends. */
  timeout: number;
  organisation: {
    id: number;
    name: string;
    /** The parent organisation's id; null at the top of the tree. */
    parent: number | null;
    tree_path: string;
    currency: 'GBP' | 'EUR';
    finance_type: 'AGENT' | 'RESELLER' | null;
    po_number_required: boolean;
    force_po_uniqueness: boolean;
    can_create_resellers: boolean;
    assigned_price_list_id: number | null;
    /** It has an account in the back-end accounting system (a linked_accounts row; 002 §6 feeds). */
    linked_account: boolean;
    /** The branding its users see: its own, field by field, else its ancestors' (organisations/branding.ts). */
    branding: Branding;
  };
  modules: ('WEBSTORE' | 'DOVETAIL')[];
  /** Permission name → value: 2 all (parent level and below), 1 child organisations only. */
  permissions: Map<string, 1 | 2>;
  /** The administrator behind an emulated session. */
  real: { id: number; name: string } | null;
  /**
   * Their organisation requires two-factor sign-in and they have not enrolled: they may only enrol
   * (apiRouter's WHILE_ENROLLING). Never set while an administrator emulates them.
   */
  twoFactorMissing: boolean;
  /**
   * Set for one request from the grant of the operation's permission (000 §6, 002 §6): value 1
   * ("child organisations") limits organisation-tree scope to the organisations below the
   * user's own; value 2 ("all"), admins and operations without a permission see the whole subtree.
   */
  treeScope?: 'subtree' | 'children';
}

/** The caller as one operation sees it: its tree scope follows the grant of that operation's permission. */
export function scopedFor(user: SessionUser, permission: string | undefined): SessionUser {
  const childrenOnly = permission !== undefined && !user.admin && user.permissions.get(permission) === 1;
  return { ...user, treeScope: childrenOnly ? 'children' : 'subtree' };
}

/** 000 §6: admins hold every permission; the parent flag needs a value-2 grant. */
export function hasPermission(user: SessionUser, name: string, parent = false): boolean {
  if (user.admin) return true;
  const value = user.permissions.get(name);
  if (value === undefined) return false;
  return parent ? value === 2 : true;
}

export function hasModule(user: SessionUser, module: 'WEBSTORE' | 'DOVETAIL'): boolean {
  return user.modules.includes(module);
}
