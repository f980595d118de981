/** A query value: scalars, or arrays sent as repeated parameters (000 §7). Empty values are left out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Readonly<Record<string, QueryValue>>;

/**
 * Serialises a query string the way the API expects: arrays as repeated parameters
 * (`vendor=1&vendor=2`) and every value percent-encoded, so `+name` travels as `%2Bname`
 * (a raw `+` would be read as a space).
 */
export function serializeQuery(query: Query): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(item))}`);
  }
  return parts.join('&');
}
