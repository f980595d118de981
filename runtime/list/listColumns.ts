import type { ReactNode } from 'react';
import type { MessageKey } from '../generated/messages';

/** One column of a generic list screen. */
export interface ListColumn<Row> {
  field: keyof Row & string;
  headerKey?: MessageKey;
  /** Header text already translated (generated screens carry their labels as data). */
  header?: string;
  /** The cell text; without it the field's value is shown as it is. */
  format?: (row: Row) => string;
  /** Sorting is done by the server: `+field` / `-field` in sort_by. */
  sortable?: boolean;
  /** Makes the cell a link to this route, with `{ id: row[linkParam] }` (linkParam defaults to id). */
  linkRoute?: string;
  linkParam?: keyof Row & string;
  /** Rows failing it show the text without the link. */
  linkable?: (row: Row) => boolean;
  /** A warning icon's tooltip for the row, or null for none. */
  warning?: (row: Row) => string | null;
  /** Draws the cell itself (row actions, a hand-written cell) instead of its text. */
  render?: (row: Row) => ReactNode;
}

export type SortDirection = 'asc' | 'desc';

/** `+name` → { field: name, direction: asc }; other strings (`-popularity`) likewise. */
export function parseSortBy(sortBy: string): { field: string; direction: SortDirection } | null {
  const sign = sortBy.charAt(0);
  if ((sign !== '+' && sign !== '-') || sortBy.length < 2) return null;
  return { field: sortBy.slice(1), direction: sign === '+' ? 'asc' : 'desc' };
}

/** The sort_by value for a column sort, or the default when the grid has no sort. */
export function toSortBy(sort: { field: string; direction: SortDirection } | null, defaultSort: string): string {
  if (!sort) return defaultSort;
  return `${sort.direction === 'asc' ? '+' : '-'}${sort.field}`;
}

/** The page numbers a pager offers around the current page (first, last, and two either side). */
export function pageWindow(page: number, totalPages: number, around = 2): number[] {
  const pages = new Set<number>([1, totalPages]);
  for (let candidate = page - around; candidate <= page + around; candidate++) pages.add(candidate);
  return [...pages].filter((candidate) => candidate >= 1 && candidate <= totalPages).sort((a, b) => a - b);
}

/**
 * The sort after clicking a column header: ascending first, then descending, then back to the
 * screen's default.
 */
export function cycleSort(sortBy: string, field: string, defaultSort: string): string {
  const current = parseSortBy(sortBy);
  if (current?.field !== field) return `+${field}`;
  return current.direction === 'asc' ? `-${field}` : defaultSort;
}
