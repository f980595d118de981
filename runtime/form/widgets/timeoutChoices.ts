/** 002 §4: with no organisation chosen, the only timeout a user may have is 30 minutes. */
export const NO_ORGANISATION_TIMEOUT = 1800;

/**
 * What the timeout widget knows of the limit: still asking, the organisation's timeout, or
 * nothing (the question failed: every choice is offered and the server's 422 decides).
 */
export type TimeoutLimit = { status: 'loading' } | { status: 'known'; seconds: number } | { status: 'unknown' };

/** 002 §4: the choices are those at most the organisation's timeout. */
export function timeoutChoices<Option extends { value: unknown }>(options: readonly Option[], limit: TimeoutLimit): Option[] {
  if (limit.status !== 'known') return [...options];
  return options.filter((option) => Number(option.value) <= limit.seconds);
}

/** 002 §4: a timeout above the organisation's, or none, is lowered to it; else it stays (undefined). */
export function loweredTimeout(value: unknown, limit: TimeoutLimit): number | undefined {
  if (limit.status !== 'known') return undefined;
  return typeof value !== 'number' || value > limit.seconds ? limit.seconds : undefined;
}

/**
 * The organisation whose timeout limits the user's: the form's own choice when the form has the
 * field (a new user; none chosen yet is null), else the loaded record's (an existing user, whose
 * organisation changes on the Roles tab, not in this form).
 */
export function limitingOrganisation(formHasOrganisation: boolean, chosen: unknown, record: unknown): number | null {
  if (formHasOrganisation) return typeof chosen === 'number' ? chosen : null;
  const saved = (record as { organisation?: { id?: unknown } | null } | null)?.organisation?.id;
  return typeof saved === 'number' ? saved : null;
}
