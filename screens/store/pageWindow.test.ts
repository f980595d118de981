import { describe, expect, it } from 'vitest';
import { pageWindow } from './pageWindow';

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
