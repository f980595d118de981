/** Rules the user page's editable tabs share (002 §2.6, §6). */

/** 002 §3 notification types: the eight a new user subscribes to. */
export const NOTIFICATION_TYPES = [
  'buy_price_increased',
  'checkout_requested',
  'order_created',
  'order_requires_manual_auth',
  'order_status_changed',
  'quote_amended',
  'quote_created',
  'quote_expiry_warning',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Whether two sets of ids or names differ: Save and Cancel work only on a change (002 §4). */
export function differs<T>(saved: ReadonlySet<T>, edited: ReadonlySet<T>): boolean {
  return saved.size !== edited.size || [...saved].some((value) => !edited.has(value));
}

/** A set with `value` ticked or unticked. */
export function toggled<T>(set: ReadonlySet<T>, value: T, on: boolean): Set<T> {
  const next = new Set(set);
  if (on) next.add(value);
  else next.delete(value);
  return next;
}
