import { describe, expect, it } from 'vitest';
import { ApiProblem } from '../api/problem';
import { serializeQuery } from '../api/query';
import { initialListState, listQuery, listReducer, sameFilters, type ListState } from './listState';

type Filters = { text: string; vendor: number[] };
type State = ListState<{ id: number }, Filters>;

const start: State = initialListState({ filters: { text: '', vendor: [] }, sortBy: '-popularity', perPage: 24 });
const onPage3: State = { ...start, page: 3, loading: false };

describe('listReducer', () => {
  it('keeps the page for a page change and clamps it to 1', () => {
    expect(listReducer(start, { type: 'page', page: 4 }).page).toBe(4);
    expect(listReducer(start, { type: 'page', page: 0 }).page).toBe(1);
  });

  it('goes back to page 1 when page size or sort change', () => {
    expect(listReducer(onPage3, { type: 'perPage', perPage: 48 })).toMatchObject({ perPage: 48, page: 1 });
    expect(listReducer(onPage3, { type: 'sort', sortBy: '+name' })).toMatchObject({ sortBy: '+name', page: 1 });
  });

  it('does not reset the page when the same sort is chosen again', () => {
    expect(listReducer(onPage3, { type: 'sort', sortBy: '-popularity' })).toBe(onPage3);
  });

  it('holds edited filters back until they are applied, then resets the page', () => {
    const edited = listReducer(onPage3, { type: 'editFilters', filters: { text: 'cam' } });
    expect(edited).toMatchObject({ page: 3, filters: { text: '' }, pendingFilters: { text: 'cam', vendor: [] } });
    expect(listReducer(edited, { type: 'applyFilters' })).toMatchObject({ page: 1, filters: { text: 'cam', vendor: [] } });
  });

  it('keeps the page when applied filters did not really change', () => {
    const edited = listReducer(onPage3, { type: 'editFilters', filters: { vendor: [] } });
    expect(listReducer(edited, { type: 'applyFilters' }).page).toBe(3);
  });

  it('resets filters at once', () => {
    const filtered: State = { ...onPage3, filters: { text: 'x', vendor: [2] }, pendingFilters: { text: 'x', vendor: [2] } };
    expect(listReducer(filtered, { type: 'resetFilters', filters: start.filters })).toMatchObject({
      page: 1,
      filters: start.filters,
      pendingFilters: start.filters,
    });
  });

  it('stores a loaded page and moves past-the-end pages to the last one', () => {
    const loaded = listReducer(onPage3, { type: 'loaded', rows: [{ id: 1 }], totalCount: 30, totalPages: 2 });
    expect(loaded).toMatchObject({ rows: [{ id: 1 }], totalCount: 30, totalPages: 2, page: 2, loading: false });
    const empty = listReducer(onPage3, { type: 'loaded', rows: [], totalCount: 0, totalPages: 0 });
    expect(empty.page).toBe(3);
  });

  it('clears the rows and keeps the problem on failure', () => {
    const problem = ApiProblem.fromBody(400, { status: 400, code: 'invalid_parameter', message_key: 'problem.invalid_parameter' });
    const failed = listReducer({ ...onPage3, rows: [{ id: 1 }] }, { type: 'failed', error: problem });
    expect(failed).toMatchObject({ rows: [], loading: false, error: problem });
    expect(listReducer(failed, { type: 'loading' })).toMatchObject({ loading: true, error: null });
  });
});

describe('listQuery', () => {
  it('sends paging, sort, applied filters and extras as the API expects', () => {
    const state = { ...start, page: 2, sortBy: '+price', filters: { text: 'kit', vendor: [1, -1] } };
    expect(serializeQuery(listQuery(state, { currency: 'EUR' }))).toBe(
      'currency=EUR&text=kit&vendor=1&vendor=-1&page=2&per_page=24&sort_by=%2Bprice',
    );
  });
});

describe('sameFilters', () => {
  it('compares values, not identity, and treats missing as empty', () => {
    expect(sameFilters({ vendor: [1, 2] }, { vendor: [1, 2] })).toBe(true);
    expect(sameFilters({ vendor: [1, 2] }, { vendor: [2, 1] })).toBe(false);
    expect(sameFilters({ text: undefined }, {})).toBe(true);
  });
});
