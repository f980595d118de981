import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { fetchList, isAbortError } from '../api/client';
import { ApiProblem } from '../api/problem';
import type { Query } from '../api/query';
import { initialListState, listQuery, listReducer, type ListFilters, type ListState } from './listState';

export interface ListControllerOptions<Filters extends ListFilters> {
  /** The list call, relative to /api/v1 (`/products`). */
  path: string;
  initialFilters: Filters;
  defaultSort: string;
  /** 000 §9: 24. */
  defaultPerPage?: number;
  /** Quiet time after the last filter edit before loading (000 §9: 700 ms for store filters). */
  debounceMs?: number;
  /** Fixed parameters sent with every call (the public store's currency…). */
  extraQuery?: Query;
  /** The page to start on (a screen coming back to where it was); 1 otherwise. */
  initialPage?: number;
  /**
   * The query parameters the filters stand for, when they are not query values as they are (the
   * store keeps typed amounts and sends them parsed, leaving out an inverted range).
   */
  toQuery?: (filters: Filters) => Query;
}

export interface ListController<Row, Filters extends ListFilters> extends ListState<Row, Filters> {
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  setSortBy: (sortBy: string) => void;
  /** Edits filters; they apply after the debounce and reset to page 1. */
  setFilters: (filters: Partial<Filters>) => void;
  /** Back to the initial filters (or the ones given) at once. */
  resetFilters: (filters?: Filters) => void;
  reload: () => void;
}

/**
 * Server-side paging, sorting and filtering of a list call (000 §7: headers x-total-count and
 * x-total-pages). Superseded loads are cancelled, so an old answer never replaces a newer one.
 */
export function useListController<Row, Filters extends ListFilters>(options: ListControllerOptions<Filters>): ListController<Row, Filters> {
  const { path, initialFilters, defaultSort, defaultPerPage = 24, debounceMs = 700, extraQuery, initialPage, toQuery } = options;
  const [state, dispatch] = useReducer(
    listReducer<Row, Filters>,
    { filters: initialFilters, sortBy: defaultSort, perPage: defaultPerPage, ...(initialPage !== undefined && { page: initialPage }) },
    initialListState<Row, Filters>,
  );
  const [reloads, bumpReloads] = useReducer((count: number) => count + 1, 0);

  const { page, perPage, sortBy, filters, pendingFilters } = state;
  const extraSignature = JSON.stringify(extraQuery ?? {});
  // The query's content, not its identity, decides when to load: filters edited into others that
  // ask for the same rows (a trailing space, an inverted range either way) load nothing again.
  const querySignature = JSON.stringify(
    listQuery({ page, perPage, sortBy, filters: toQuery ? toQuery(filters) : filters }, JSON.parse(extraSignature) as Query),
  );
  const query = useMemo(() => JSON.parse(querySignature) as Query, [querySignature]);

  useEffect(() => {
    if (pendingFilters === filters) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'applyFilters' }), debounceMs);
    return () => clearTimeout(timer);
  }, [pendingFilters, filters, debounceMs]);

  useEffect(() => {
    const controller = new AbortController();
    dispatch({ type: 'loading' });
    fetchList<Row>(path, query, controller.signal).then(
      (result) => dispatch({ type: 'loaded', ...result }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        dispatch({ type: 'failed', error: error instanceof ApiProblem ? error : ApiProblem.fromBody(0, undefined) });
      },
    );
    return () => controller.abort();
  }, [path, query, reloads]);

  const setPage = useCallback((next: number) => dispatch({ type: 'page', page: next }), []);
  const setPerPage = useCallback((next: number) => dispatch({ type: 'perPage', perPage: next }), []);
  const setSortBy = useCallback((next: string) => dispatch({ type: 'sort', sortBy: next }), []);
  const setFilters = useCallback((next: Partial<Filters>) => dispatch({ type: 'editFilters', filters: next }), []);
  const initialSignature = JSON.stringify(initialFilters);
  const resetFilters = useCallback(
    (filters?: Filters) => dispatch({ type: 'resetFilters', filters: filters ?? (JSON.parse(initialSignature) as Filters) }),
    [initialSignature],
  );

  return { ...state, setPage, setPerPage, setSortBy, setFilters, resetFilters, reload: bumpReloads };
}
