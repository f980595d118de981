import { describe, expect, it } from 'vitest';
import { cycleSort, pageWindow, parseSortBy, toSortBy } from './listColumns';

describe('sort_by mapping', () => {
  it('reads sign and field', () => {
    expect(parseSortBy('+name')).toEqual({ field: 'name', direction: 'asc' });
    expect(parseSortBy('-popularity')).toEqual({ field: 'popularity', direction: 'desc' });
    expect(parseSortBy('name')).toBeNull();
    expect(parseSortBy('+')).toBeNull();
  });

  it('writes a grid sort back, or the default without one', () => {
    expect(toSortBy({ field: 'price', direction: 'desc' }, '+name')).toBe('-price');
    expect(toSortBy(null, '+name')).toBe('+name');
  });
});

describe('pageWindow', () => {
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 'gap', 10]],
    [5, 10, [1, 2, 3, 4, 5, 6, 7, 'gap', 10]],
    [6, 12, [1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]],
    [10, 10, [1, 'gap', 8, 9, 10]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
  ] as const)('page %i of %i', (current, total, expected) => {
    expect(pageWindow(current, total)).toEqual(expected);
  });
});

describe('cycleSort', () => {
  it('goes ascending, descending, then back to the default', () => {
    expect(cycleSort('-date', 'name', '-date')).toBe('+name');
    expect(cycleSort('+name', 'name', '-date')).toBe('-name');
    expect(cycleSort('-name', 'name', '-date')).toBe('-date');
  });
});
