import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { CatalogueProduct, Currency } from '../product/productTypes';
import { filtersToQuery, isValueRangeInvalid } from './filterQuery';
import {
  EMPTY_FILTERS,
  FILTER_DEBOUNCE_MS,
  withCurrency,
  withFilters,
  withFiltersCleared,
  withPage,
  withPerPage,
  withSort,
  withView,
  type SortBy,
  type StoreFilters,
  type ViewMode,
  type WebstoreState,
} from './storeState';
import { useCatalogueList } from './useCatalogueList';
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
 * The webstore's state and data (000 §4, §9): paging, sort, view and filters, with sort,
 * per-page and filter changes starting again at page 1, filter edits applied 700 ms after the
 * last one, the product page for that state and the most-popular product.
 */
export function useStoreController<P extends CatalogueProduct>(kind: StoreKind): StoreController<P> {
  const { path, stateStore } = STORES[kind];
  const state = useSyncExternalStore(stateStore.subscribe, stateStore.get);
  const update = useCallback(
    (change: (current: WebstoreState) => WebstoreState) => stateStore.set(change(stateStore.get())),
    [stateStore],
  );

  const [draftFilters, setDraftFilters] = useState<StoreFilters>(state.filters);
  // The latest draft, so quick successive edits build on each other between renders.
  const latestDraft = useRef<StoreFilters>(state.filters);
  const pendingFilters = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pendingFilters.current), []);

  const editFilters = useCallback(
    (change: Partial<StoreFilters>) => {
      const next = { ...latestDraft.current, ...change };
      latestDraft.current = next;
      setDraftFilters(next);
      clearTimeout(pendingFilters.current);
      pendingFilters.current = setTimeout(() => update((s) => withFilters(s, next)), FILTER_DEBOUNCE_MS);
    },
    [update],
  );

  const clearFilters = useCallback(() => {
    // Clearing is one deliberate click, not typing: it applies at once.
    clearTimeout(pendingFilters.current);
    latestDraft.current = EMPTY_FILTERS;
    setDraftFilters(EMPTY_FILTERS);
    update(withFiltersCleared);
  }, [update]);

  const query = useMemo(
    () => ({
      page: state.page,
      per_page: state.per_page,
      sort_by: state.sort_by,
      ...filtersToQuery(state.filters),
      ...(kind === 'public' ? { currency: state.currency } : {}),
    }),
    [kind, state.page, state.per_page, state.sort_by, state.filters, state.currency],
  );
  const list = useCatalogueList<P>(path, query);

  // 000 §9: page 1 with the current per_page (one product for the public store), most popular first.
  const mostPopular = useMostPopularProduct<P>(
    path,
    kind === 'public' ? { per_page: 1, currency: state.currency } : { per_page: state.per_page },
  );

  return {
    kind,
    state,
    draftFilters,
    valueRangeInvalid: isValueRangeInvalid(draftFilters),
    editFilters,
    clearFilters,
    setPage: useCallback((page: number) => update((s) => withPage(s, page)), [update]),
    setSort: useCallback((sort: SortBy) => update((s) => withSort(s, sort)), [update]),
    setPerPage: useCallback((perPage: number) => update((s) => withPerPage(s, perPage)), [update]),
    setView: useCallback((view: ViewMode) => update((s) => withView(s, view)), [update]),
    setCurrency: useCallback((currency: Currency) => update((s) => withCurrency(s, currency)), [update]),
    ...list,
    mostPopular,
  };
}
