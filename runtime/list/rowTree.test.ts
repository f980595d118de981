import { describe, expect, it } from 'vitest';
import { nestRows, visibleNestedRows } from './rowTree';

const row = (id: number, parent: number | null, name = `o${id}`) => ({ id, parent, name });
const shape = (rows: ReturnType<typeof nestRows>) => rows.map((item) => [item.id, item.level, item.hasChildren]);

describe('nestRows', () => {
  it.each([
    {
      name: 'children follow their parent, siblings keep the server order',
      given: [row(1, null), row(5, 1), row(2, 1), row(3, 2), row(7, 3)],
      want: [
        [1, 0, true],
        [5, 1, false],
        [2, 1, true],
        [3, 2, true],
        [7, 3, false],
      ],
    },
    {
      name: 'a row whose parent is not on the page starts a tree',
      given: [row(3, 2), row(7, 3), row(6, 5)],
      want: [
        [3, 0, true],
        [7, 1, false],
        [6, 0, false],
      ],
    },
    {
      name: 'a descending sort orders siblings descending',
      given: [row(1, null), row(5, 1, 'b'), row(2, 1, 'a')],
      want: [
        [1, 0, true],
        [5, 1, false],
        [2, 1, false],
      ],
    },
    {
      name: 'a row naming itself as parent is a root, and rows in a cycle still show',
      given: [row(1, 1), row(2, 3), row(3, 2)],
      want: [
        [1, 0, false],
        [2, 0, true],
        [3, 1, true],
      ],
    },
  ])('$name', ({ given, want }) => {
    expect(shape(nestRows(given, 'parent'))).toEqual(want);
  });

  it('records ancestors, so collapsing a row hides everything below it', () => {
    const nested = nestRows([row(1, null), row(2, 1), row(3, 2), row(4, 1)], 'parent');
    expect(nested.map((item) => item.ancestors)).toEqual([[], [1], [1, 2], [1]]);
    expect(visibleNestedRows(nested, new Set([2])).map((item) => item.id)).toEqual([1, 2, 4]);
    expect(visibleNestedRows(nested, new Set([1])).map((item) => item.id)).toEqual([1]);
  });
});
