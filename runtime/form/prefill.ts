import { formatDateTime } from '../format/dates';

type Data = Record<string, unknown>;

/** A record's scalar values as message placeholders (a role's {{name}} in "Copy of {{name}}"). */
function placeholders(record: Data): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record)
      .filter(([, value]) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      .map(([field, value]) => [field, String(value)]),
  );
}

/**
 * A new record's first values: each message is filled with `{{now}}`, the current date and time
 * in the user's time zone (002 §2.9 "New product group" plus the date and time), and with the
 * fields of the record it starts from, if any (002 §2.8 duplicating a role).
 */
export function prefillValues(
  prefill: Record<string, string> | undefined,
  translate: (key: string, values: Record<string, string>) => string,
  now: Date,
  zone: string | undefined,
  record: Data = {},
): Data {
  const shown = formatDateTime(now.toISOString(), zone ?? undefined);
  const values = { ...placeholders(record), now: shown };
  return Object.fromEntries(Object.entries(prefill ?? {}).map(([field, key]) => [field, translate(key, values)]));
}

/**
 * The values a form takes over from a record it starts from (`prefill_from`): the form's fields
 * the record has, a shown reference (`organisation: { id, name }`) becoming its id as the form
 * sends it. The id of the record itself is no form field and stays behind.
 */
export function recordPrefill(fields: readonly string[], record: unknown): Data {
  const source = (record ?? {}) as Data;
  return Object.fromEntries(
    fields
      .filter((field) => field in source)
      .map((field) => {
        const value = source[field];
        const reference = value !== null && typeof value === 'object' && !Array.isArray(value) && 'id' in value;
        return [field, reference ? (value as { id: unknown }).id : value];
      }),
  );
}
