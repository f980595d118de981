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
  it('offers the ends and the pages near the current one', () => {
    expect(pageWindow(5, 10)).toEqual([1, 3, 4, 5, 6, 7, 10]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('cycleSort', () => {
  it('goes ascending, descending, then back to the default', () => {
    expect(cycleSort('-date', 'name', '-date')).toBe('+name');
    expect(cycleSort('+name', 'name', '-date')).toBe('-name');
    expect(cycleSort('-name', 'name', '-date')).toBe('-date');
  });
});
