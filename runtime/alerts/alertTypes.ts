import type { MessageKey } from '../generated/messages';
import type { MessageValues } from '../i18n/useT';

export type AlertLevel = 'success' | 'info' | 'warning' | 'danger';

/** A link on an alert: dismisses the alert and goes to a named route (000 §2.2). */
export interface AlertAction {
  labelKey: MessageKey;
  route: string;
  params?: Record<string, string | number>;
}

export interface AlertInput {
  /** What the alert is about (`add_to_basket`, `save_success`…); with `key` it identifies the alert. */
  type: string;
  level: AlertLevel;
  messageKey: MessageKey;
  values?: MessageValues;
  /** A second sentence saying why (a failed action's problem: "This role is still held by users…"). */
  detail?: { messageKey: MessageKey; values?: MessageValues };
  /** Tells apart alerts of one type (e.g. one per basket). */
  key?: string;
  actions?: AlertAction[];
  /**
   * Milliseconds until the alert clears itself; null keeps it until closed. Default 2000 (000 §9),
   * or ACTIONS_AUTO_CLEAR_MS for an alert with action links, which the user needs time to reach.
   */
  autoClearMs?: number | null;
}

export interface Alert extends AlertInput {
  /** Unique per push, so a replaced alert restarts its timer and re-renders. */
  id: number;
}

export const DEFAULT_AUTO_CLEAR_MS = 2000;
/** An alert offering links ("View basket", "Checkout now") stays long enough to read and reach them. */
export const ACTIONS_AUTO_CLEAR_MS = 8000;

/** How long an alert stays before it clears itself; null: until closed. */
export function alertDelay(alert: Pick<AlertInput, 'autoClearMs' | 'actions'>): number | null {
  if (alert.autoClearMs !== undefined) return alert.autoClearMs;
  return alert.actions && alert.actions.length > 0 ? ACTIONS_AUTO_CLEAR_MS : DEFAULT_AUTO_CLEAR_MS;
}

/** Same alert = same type and key; pushing it again replaces the old one. */
export function sameAlert(a: Pick<AlertInput, 'type' | 'key'>, type: string, key?: string): boolean {
  return a.type === type && (a.key ?? '') === (key ?? '');
}

/** The alert list after a push: the new alert replaces one of the same type and key, in place. */
export function withPushed(alerts: readonly Alert[], alert: Alert): Alert[] {
  const index = alerts.findIndex((existing) => sameAlert(existing, alert.type, alert.key));
  if (index < 0) return [...alerts, alert];
  return alerts.map((existing, position) => (position === index ? alert : existing));
}

/** The alert list after pop(type, key?): without a key every alert of that type goes. */
export function withPopped(alerts: readonly Alert[], type: string, key?: string): Alert[] {
  return alerts.filter((alert) => (key === undefined ? alert.type !== type : !sameAlert(alert, type, key)));
}
