import { describe, expect, it } from 'vitest';
import { DEFAULT_WEBSTORE_STATE, EMPTY_FILTERS, withCurrency, withView, type WebstoreState } from './storeState';

const onPageFive: WebstoreState = {
  ...DEFAULT_WEBSTORE_STATE,
  page: 5,
  currency: 'EUR',
  filters: { ...EMPTY_FILTERS, text: 'abc', vendor: [2] },
};

// Paging, sort, per-page and filter transitions are the list controller's: runtime/list/listState.test.ts.
describe('webstore state transitions', () => {
  it('starts at page 1, 24 per page, most popular first, GBP', () => {
    expect(DEFAULT_WEBSTORE_STATE).toMatchObject({ page: 1, per_page: 24, sort_by: '-popularity', currency: 'GBP', view: 'tile' });
  });
  it.each([
    ['currency resets the page', withCurrency(onPageFive, 'GBP'), { page: 1, currency: 'GBP' }],
    ['view switch keeps the page', withView(onPageFive, 'row'), { page: 5, view: 'row' }],
  ] as const)('%s', (_label, next, expected) => {
    expect(next).toMatchObject(expected);
  });
});
