/**
 * Reading a stretch of rows from the nearer end of their order (docs/performance.md "Deep
 * pages"). OFFSET makes the database walk every row before the stretch, so the last page of a
 * million walks a million; given how many rows there are (counted once per filter set), a stretch
 * in the back half is read in the reversed order instead, skipping only the rows after it, and
 * turned round. The order must be total (ties broken by id) for both readings to agree; NULLs stay
 * at one end on both databases when the direction flips.
 */
export interface Window {
  /** Rows to skip, then rows to read, in the order read. */
  offset: number;
  limit: number;
  /** Read in the reversed order (the rows are then turned round). */
  reversed: boolean;
}

/** How to read rows [from, to) of `size` ordered rows; undefined when the stretch is empty. */
export function windowOf(size: number, from: number, to: number): Window | undefined {
  const end = Math.min(to, size);
  if (from >= end) return undefined;
  const after = size - end;
  return after < from ? { offset: after, limit: end - from, reversed: true } : { offset: from, limit: end - from, reversed: false };
}

/** Rows [from, to) of `size` ordered rows, each read by `read` from whichever end is nearer. */
export async function readStretch<Row>(size: number, from: number, to: number, read: (window: Window) => Promise<Row[]>): Promise<Row[]> {
  const window = windowOf(size, from, to);
  if (!window) return [];
  const rows = await read(window);
  return window.reversed ? rows.reverse() : rows;
}

/** The opposite direction. */
export const flipped = (direction: 'asc' | 'desc'): 'asc' | 'desc' => (direction === 'asc' ? 'desc' : 'asc');
