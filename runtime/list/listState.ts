import type { ApiProblem } from '../api/problem';
import type { Query, QueryValue } from '../api/query';

export type ListFilters = Readonly<Record<string, QueryValue>>;

/** Paging, sorting and filtering of a server-side list, plus the last answer. */
export interface ListState<Row, Filters extends ListFilters> {
  page: number;
  perPage: number;
  sortBy: string;
  /** The filters the last load used. */
  filters: Filters;
  /** The filters as typed; they become `filters` after the debounce. */
  pendingFilters: Filters;
  rows: Row[];
  totalCount: number;
  totalPages: number;
  loading: boolean;
  error: ApiProblem | null;
}

export type ListAction<Row, Filters extends ListFilters> =
  | { type: 'page'; page: number }
  | { type: 'perPage'; perPage: number }
  | { type: 'sort'; sortBy: string }
  | { type: 'editFilters'; filters: Partial<Filters> }
  | { type: 'applyFilters' }
  | { type: 'resetFilters'; filters: Filters }
  | { type: 'loading' }
  | { type: 'loaded'; rows: Row[]; totalCount: number; totalPages: number }
  | { type: 'failed'; error: ApiProblem };

export function initialListState<Row, Filters extends ListFilters>(options: {
  filters: Filters;
  sortBy: string;
  perPage: number;
  /** A page to come back to (the store keeps its state while the visitor looks at a product). */
  page?: number;
}): ListState<Row, Filters> {
  return {
    page: options.page ?? 1,
    perPage: options.perPage,
    sortBy: options.sortBy,
    filters: options.filters,
    pendingFilters: options.filters,
    rows: [],
    totalCount: 0,
    totalPages: 0,
    loading: true,
    error: null,
  };
}

/**
 * Every change of what is asked for (page size, sort, filters) goes back to page 1, since the
 * old page number means nothing in the new result; only an explicit page change keeps it.
 */
export function listReducer<Row, Filters extends ListFilters>(
  state: ListState<Row, Filters>,
  action: ListAction<Row, Filters>,
): ListState<Row, Filters> {
  switch (action.type) {
    case 'page':
      return { ...state, page: Math.max(1, Math.floor(action.page)) };
    case 'perPage':
      return action.perPage === state.perPage ? state : { ...state, perPage: action.perPage, page: 1 };
    case 'sort':
      return action.sortBy === state.sortBy ? state : { ...state, sortBy: action.sortBy, page: 1 };
    case 'editFilters':
      return { ...state, pendingFilters: { ...state.pendingFilters, ...action.filters } };
    case 'applyFilters':
      // Edits that end where they started (typed and erased) change nothing, not even the page.
      return sameFilters(state.filters, state.pendingFilters)
        ? { ...state, pendingFilters: state.filters }
        : { ...state, filters: state.pendingFilters, page: 1 };
    case 'resetFilters':
      return { ...state, filters: action.filters, pendingFilters: action.filters, page: 1 };
    case 'loading':
      return { ...state, loading: true, error: null };
    case 'loaded': {
      // A page beyond the end (rows deleted meanwhile, or a bookmarked page) moves to the last page.
      const page = action.totalPages > 0 && state.page > action.totalPages ? action.totalPages : state.page;
      return { ...state, page, rows: action.rows, totalCount: action.totalCount, totalPages: action.totalPages, loading: false };
    }
    case 'failed':
      return { ...state, rows: [], totalCount: 0, totalPages: 0, loading: false, error: action.error };
  }
}

/** The query of a list call: paging, sort and the applied filters, plus fixed extras (currency…). */
export function listQuery(
  state: Pick<ListState<unknown, ListFilters>, 'page' | 'perPage' | 'sortBy' | 'filters'>,
  extra: Query = {},
): Query {
  return { ...extra, ...state.filters, page: state.page, per_page: state.perPage, sort_by: state.sortBy };
}

export function sameFilters(a: ListFilters, b: ListFilters): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (JSON.stringify(a[key] ?? null) !== JSON.stringify(b[key] ?? null)) return false;
  return true;
}
