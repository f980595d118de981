import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WEBSTORE_STATE,
  EMPTY_FILTERS,
  withCurrency,
  withFilters,
  withFiltersCleared,
  withPage,
  withPerPage,
  withSort,
  withView,
  type WebstoreState,
} from './storeState';

const onPageFive: WebstoreState = { ...DEFAULT_WEBSTORE_STATE, page: 5, currency: 'EUR', filters: { ...EMPTY_FILTERS, text: 'abc', vendor: [2] } };

describe('webstore state transitions', () => {
  it('starts at page 1, 24 per page, most popular first, GBP', () => {
    expect(DEFAULT_WEBSTORE_STATE).toMatchObject({ page: 1, per_page: 24, sort_by: '-popularity', currency: 'GBP', view: 'tile' });
  });
  it.each([
    ['sort resets the page', withSort(onPageFive, '+name'), { page: 1, sort_by: '+name' }],
    ['per-page resets the page', withPerPage(onPageFive, 96), { page: 1, per_page: 96 }],
    ['a filter resets the page', withFilters(onPageFive, { ...EMPTY_FILTERS, text: 'x' }), { page: 1 }],
    ['currency resets the page', withCurrency(onPageFive, 'GBP'), { page: 1, currency: 'GBP' }],
    ['paging keeps the rest', withPage(onPageFive, 2), { page: 2, sort_by: '-popularity', per_page: 24 }],
    ['view switch keeps the page', withView(onPageFive, 'row'), { page: 5, view: 'row' }],
  ] as const)('%s', (_label, next, expected) => {
    expect(next).toMatchObject(expected);
  });
  it('clearing filters resets them and keeps the currency', () => {
    const cleared = withFiltersCleared(onPageFive);
    expect(cleared.filters).toEqual(EMPTY_FILTERS);
    expect(cleared.currency).toBe('EUR');
    expect(cleared.page).toBe(1);
  });
});
