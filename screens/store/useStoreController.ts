import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useListController } from '../../runtime/list/useListController';
import type { CatalogueProduct, Currency } from '../product/productTypes';
import { filtersToQuery, isValueRangeInvalid } from './filterQuery';
import {
  EMPTY_FILTERS,
  FILTER_DEBOUNCE_MS,
  isSortBy,
  withCurrency,
  withView,
  type SortBy,
  type StoreFilters,
  type ViewMode,
  type WebstoreState,
} from './storeState';
import { useMostPopularProduct } from './useMostPopularProduct';
import { publicWebstoreState, signedInWebstoreState } from './webstoreStateStore';

export type StoreKind = 'signedIn' | 'public';

export interface StoreController<P extends CatalogueProduct> {
  kind: StoreKind;
  state: WebstoreState;
  /** What the filter inputs show; reaches `state.filters` FILTER_DEBOUNCE_MS after the last edit. */
  draftFilters: StoreFilters;
  valueRangeInvalid: boolean;
  editFilters: (change: Partial<StoreFilters>) => void;
  clearFilters: () => void;
  setPage: (page: number) => void;
  setSort: (sort: SortBy) => void;
  setPerPage: (perPage: number) => void;
  setView: (view: ViewMode) => void;
  setCurrency: (currency: Currency) => void;
  products: P[];
  totalCount: number;
  totalPages: number;
  loading: boolean;
  mostPopular: P | null;
}

/** The list call and the state of each store: the signed-in catalogue, or the public one with its currency. */
const STORES = {
  signedIn: { path: '/products', stateStore: signedInWebstoreState },
  public: { path: '/public/webstore', stateStore: publicWebstoreState },
} as const;

/**
 * The webstore's state and data (000 §4, §9) on the runtime's list controller: it pages, sorts
 * and filters (sort, per-page and filter changes start again at page 1; filter edits apply 700 ms
 * after the last one). The store adds what is its own: the view, the public currency, filters
 * typed as amounts and ids, the most-popular product, and a state that outlives the page, so a
 * visitor who opens a product and comes back finds the same page, sort and filters.
 */
export function useStoreController<P extends CatalogueProduct>(kind: StoreKind): StoreController<P> {
  const { path, stateStore } = STORES[kind];
  const saved = useSyncExternalStore(stateStore.subscribe, stateStore.get);
  const list = useListController<P, StoreFilters>({
    path,
    initialFilters: saved.filters,
    initialPage: saved.page,
    defaultSort: saved.sort_by,
    defaultPerPage: saved.per_page,
    debounceMs: FILTER_DEBOUNCE_MS,
    toQuery: filtersToQuery,
    ...(kind === 'public' && { extraQuery: { currency: saved.currency } }),
  });
  const { page, perPage, sortBy, filters, error, setPage, setPerPage, setSortBy, setFilters, resetFilters } = list;

  // The controller's paging, sort and filters are kept beside the view and currency for the way back.
  useEffect(() => {
    const current = stateStore.get();
    const sort_by = isSortBy(sortBy) ? sortBy : current.sort_by;
    if (current.page === page && current.per_page === perPage && current.sort_by === sort_by && current.filters === filters) return;
    stateStore.set({ ...current, page, per_page: perPage, sort_by, filters });
  }, [stateStore, page, perPage, sortBy, filters]);

  // 000 §7: a failed listing is logged and shows an empty store.
  useEffect(() => {
    if (error) console.error(`Loading ${path} failed`, error);
  }, [error, path]);

  const setCurrency = useCallback(
    (currency: Currency) => {
      stateStore.set(withCurrency(stateStore.get(), currency));
      setPage(1);
    },
    [stateStore, setPage],
  );

  // Products not shown in the webstore are never rendered (000 §2.3), whatever the server sends.
  const products = useMemo(() => list.rows.filter((product) => product.show_in_webstore), [list.rows]);

  // 000 §9: page 1 with the current per_page (one product for the public store), most popular first.
  const mostPopular = useMostPopularProduct<P>(path, kind === 'public' ? { per_page: 1, currency: saved.currency } : { per_page: perPage });

  return {
    kind,
    state: { ...saved, page, per_page: perPage, sort_by: isSortBy(sortBy) ? sortBy : saved.sort_by, filters },
    draftFilters: list.pendingFilters,
    valueRangeInvalid: isValueRangeInvalid(list.pendingFilters),
    editFilters: setFilters,
    // Clearing is one deliberate click, not typing: it applies at once.
    clearFilters: useCallback(() => resetFilters(EMPTY_FILTERS), [resetFilters]),
    setPage,
    setSort: setSortBy,
    setPerPage,
    setView: useCallback((view: ViewMode) => stateStore.set(withView(stateStore.get(), view)), [stateStore]),
    setCurrency,
    products,
    totalCount: list.totalCount,
    totalPages: list.totalPages,
    loading: list.loading,
    mostPopular,
  };
}
