/**
 * A list row's React key: its id when it has one, else its position among the page's rows (a
 * list row need not carry an id). Keyed by its place in the table instead, a row's own state (an
 * action's open confirmation) passed to whichever row took that place: in a tree list the
 * organisation headers that arrive late shifted every row down, and the confirmation opened on one
 * role asked about the role above it.
 */
export function rowKey(row: unknown, position: number): string {
  const id = row !== null && typeof row === 'object' ? (row as Record<string, unknown>)['id'] : undefined;
  return typeof id === 'number' || typeof id === 'string' ? `id-${id}` : `at-${position}`;
}
