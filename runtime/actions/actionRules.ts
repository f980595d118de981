import type { AlertInput } from '../alerts/useAlerts';
import type { ApiProblem } from '../api/problem';
import type { MessageKey } from '../generated/messages';
import { isMessageKey } from '../i18n/i18n';
import { rowMeets } from '../list/cellFormat';
import { valueAt } from '../record/childCells';
import { guardPasses, type Guard, type GuardHolder } from '../session/guard';
import { hasPermission } from '../session/permissions';
import type { ActionCall, ActionConfig, ActionSubject } from './actionTypes';

/** What deciding on actions reads from the current user: the guard's needs, and who they are. */
export type ActionUser = GuardHolder & { id?: number; organisation?: GuardHolder['organisation'] & { id?: number } };

/** Every guard passes: an action shows only to those its operation lets through (the server checks the same). */
export function passesGuards(user: ActionUser | null | undefined, guards: readonly Guard[]): boolean {
  return guards.every((guard) => guardPasses(user, guard));
}

/** The row (or record) is the caller's own user, or their own organisation (002 §2.3: never one's own). */
export function isOwnRecord(
  kind: 'user' | 'organisation',
  values: Readonly<Record<string, unknown>>,
  user: ActionUser | null | undefined,
): boolean {
  const own = kind === 'user' ? user?.id : user?.organisation?.id;
  return own !== undefined && values['id'] === own;
}

/**
 * 000 §6: a grant of 1 reaches the organisations below the user's, not its own; the server's tree
 * scope refuses the rest (404). So on a record of the user's own organisation (the property
 * `grantReaches` names) every permission the action needs must be granted over it (`parent`).
 */
export function grantReaches(
  action: ActionConfig,
  values: Readonly<Record<string, unknown>>,
  user: ActionUser | null | undefined,
): boolean {
  if (!action.grantReaches || valueAt(values, `${action.grantReaches}.id`) !== user?.organisation?.id) return true;
  return action.guards.every((guard) => guard.permission === undefined || hasPermission(user, guard.permission, true));
}

/** The actions offered on one row or record: the user passes their guards, their grants reach it, and it meets `when` and `notSelf`. */
export function offeredActions(
  actions: readonly ActionConfig[],
  values: Readonly<Record<string, unknown>>,
  user: ActionUser | null | undefined,
): ActionConfig[] {
  return actions.filter(
    (action) =>
      passesGuards(user, action.guards) &&
      grantReaches(action, values, user) &&
      (!action.when || rowMeets(action.when, values)) &&
      (!action.notSelf || !isOwnRecord(action.notSelf, values, user)) &&
      (!action.notOwn || valueAt(values, `${action.notOwn}.id`) !== user?.organisation?.id),
  );
}

/** Whether any row could offer the user an action, so that a list draws its actions column. */
export function mayOfferActions(actions: readonly ActionConfig[] | undefined, user: ActionUser | null | undefined): boolean {
  return (actions ?? []).some((action) => passesGuards(user, action.guards));
}

/** The path of a call with its parameters filled (the record's id, or row properties), or null when one is missing. */
export function callPath(call: ActionCall, subject: ActionSubject): string | null {
  let missing = false;
  const path = call.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const source = call.params[name];
    const value = source?.from === 'record' ? subject.recordId : source ? valueAt(subject.values, source.field) : undefined;
    if (typeof value !== 'string' && typeof value !== 'number') {
      missing = true;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return missing ? null : path;
}

/** An action's body: the confirmation's trimmed input under its field (left out when empty), for operations taking one. */
export function actionBody(action: ActionConfig, input: string): Record<string, string> | undefined {
  if (!action.call?.body) return undefined;
  const field = action.confirm?.input?.field;
  const value = input.trim();
  return field && value !== '' ? { [field]: value } : {};
}

/** A body built from row properties (body property → row property), as a toggle's `on` sends it. */
export function bodyFromRow(mapping: Readonly<Record<string, string>>, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(mapping).map(([name, field]) => [name, valueAt(values, field)]));
}

/** The placeholders a row or record gives its messages ({{name}}): its own values as text, a reference by its name. */
export function messageValues(values: Readonly<Record<string, unknown>>): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') texts[key] = String(value);
    else if (value !== null && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string')
      texts[key] = (value as { name: string }).name;
    else if (value === null) texts[key] = '';
  }
  return texts;
}

const keyOf = (key: string): MessageKey => (isMessageKey(key) ? key : 'problem.internal');

/** The alert after an action or a save went through (000 §2.2: level success). */
export function successAlert(type: string, key: string, messageKey: string, values: Readonly<Record<string, unknown>>): AlertInput {
  return { type, key, level: 'success', messageKey: keyOf(messageKey), values: messageValues(values) };
}

/**
 * The alert after it failed (level danger): the action's failure message, followed by the problem's
 * own catalogue message when it says why (problem.role_in_use) rather than that something went
 * wrong; a form, which shows the problem beside its field or above it, leaves it out
 * (`withReason` false). A 412 is always said, form or not: the failure names the record, and why is
 * that someone else changed it meanwhile (problem.stale_record).
 */
export function failureAlert(
  type: string,
  key: string,
  messageKey: string,
  values: Readonly<Record<string, unknown>>,
  problem: ApiProblem,
  withReason = true,
): AlertInput {
  const stale = problem.status === 412;
  const reason = stale ? 'problem.stale_record' : problem.message_key;
  const said = (withReason || stale) && isMessageKey(reason) && reason !== 'problem.internal' && reason !== 'problem.not_found';
  return {
    type,
    key,
    level: 'danger',
    messageKey: keyOf(messageKey),
    values: messageValues(values),
    ...(said && { detail: { messageKey: reason, ...(problem.parameter && { values: { parameter: problem.parameter } }) } }),
  };
}
