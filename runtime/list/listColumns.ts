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

/** A page number, or a gap ('…') between distant page numbers. */
export type PageItem = number | 'gap';

/**
 * The page buttons a pager offers: the first and last pages, and `around` pages either side of the
 * current one, with gaps where pages are left out so a long list keeps a short pager. A gap of a
 * single page shows that page instead, since a '…' would take the same room.
 */
export function pageWindow(page: number, totalPages: number, around = 2): PageItem[] {
  if (totalPages <= 0) return [];
  const pages = new Set<number>([1, totalPages]);
  for (let candidate = page - around; candidate <= page + around; candidate++) {
    if (candidate >= 1 && candidate <= totalPages) pages.add(candidate);
  }
  const items: PageItem[] = [];
  let previous = 0;
  for (const number of [...pages].sort((a, b) => a - b)) {
    if (number - previous === 2) items.push(previous + 1);
    else if (number - previous > 2) items.push('gap');
    items.push(number);
    previous = number;
  }
  return items;
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
