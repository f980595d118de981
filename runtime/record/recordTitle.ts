/** A placeholder of a record screen's title: a property of the record, or `fallback` when it is null. */
export interface TitleValue {
  readonly field: string;
  readonly fallback?: string;
}

function shown(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/**
 * The values of a record title's placeholders (000 §2.9: the basket's name, or its id when it
 * has none); a property that is neither text nor a number fills its placeholder with nothing.
 */
export function titleValues(
  values: Readonly<Record<string, TitleValue>>,
  record: Readonly<Record<string, unknown>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([placeholder, value]) => [
      placeholder,
      shown(record[value.field]) ?? (value.fallback === undefined ? null : shown(record[value.fallback])) ?? '',
    ]),
  );
}
