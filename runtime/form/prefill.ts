import { formatDateTime } from '../format/dates';

/**
 * A new record's first values: each message is filled with `{{now}}`, the current date and time
 * in the user's time zone (002 §2.9 "New product group" plus the date and time).
 */
export function prefillValues(
  prefill: Record<string, string> | undefined,
  translate: (key: string, values: { now: string }) => string,
  now: Date,
  zone: string | undefined,
): Record<string, unknown> {
  const shown = formatDateTime(now.toISOString(), zone ?? undefined);
  return Object.fromEntries(Object.entries(prefill ?? {}).map(([field, key]) => [field, translate(key, { now: shown })]));
}
