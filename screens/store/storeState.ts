import type { Currency } from '../product/productTypes';

/** Webstore constants (000 §9). */
export const PER_PAGE_OPTIONS = [24, 48, 96] as const;
export const SORT_OPTIONS = ['-popularity', '+name', '-name', '-price', '+price'] as const;
export const PUBLIC_CURRENCIES = ['GBP', 'EUR'] as const satisfies readonly Currency[];
/** Filter edits reach the list this long after the last change (000 §9). */
export const FILTER_DEBOUNCE_MS = 700;

export type SortBy = (typeof SORT_OPTIONS)[number];
export type ViewMode = 'tile' | 'row';

// A type, not an interface: the list controller takes filters as a record of query values.
export type StoreFilters = {
  /** Product SKU or name contains. */
  text: string;
  /** Decimal strings as typed; '' is unset. */
  value_from: string;
  value_to: string;
  /** Vendor ids; -1 is 'No vendor'. */
  vendor: number[];
  /** Product type ids; -1 is 'No type'. */
  type: number[];
};

/** The webstore state of 000 §4: paging, sort and the filters that are in force. */
export interface WebstoreState {
  page: number;
  per_page: number;
  sort_by: SortBy;
  view: ViewMode;
  filters: StoreFilters;
  /** The public store's currency filter; the signed-in store prices in the user's currency. */
  currency: Currency;
}

export const EMPTY_FILTERS: StoreFilters = { text: '', value_from: '', value_to: '', vendor: [], type: [] };

export const DEFAULT_WEBSTORE_STATE: WebstoreState = {
  page: 1,
  per_page: 24,
  sort_by: '-popularity',
  view: 'tile',
  filters: EMPTY_FILTERS,
  currency: 'GBP',
};

// Paging, sort and filter changes are the list controller's (runtime/list/listState.ts): each of
// them starts again at page 1 (000 §4). The transitions below are the store's own.

export function withView(state: WebstoreState, view: ViewMode): WebstoreState {
  return { ...state, view };
}

/** A new currency prices other products: the store starts again at page 1 (000 §4). */
export function withCurrency(state: WebstoreState, currency: Currency): WebstoreState {
  return { ...state, currency, page: 1 };
}

export function isSortBy(value: string): value is SortBy {
  return (SORT_OPTIONS as readonly string[]).includes(value);
}
