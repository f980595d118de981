import type { ListRow } from './cellFormat';

/** One row of a list whose rows form a tree (spec `tree_parent`), in display order. */
export interface NestedRow {
  row: ListRow;
  id: number;
  /** Nesting shown here: 0 for a row whose parent is not on this page. */
  level: number;
  /** Ids of the rows above it, outermost first: collapsing any of them hides it. */
  ancestors: readonly number[];
  hasChildren: boolean;
}

const idOf = (row: ListRow): number | null => (typeof row['id'] === 'number' ? row['id'] : null);

/**
 * Nests one page of rows under their parents (the row whose id is the row's `parentField`): each
 * row is followed by its children, siblings keep the server's order (its sort), and a row whose
 * parent is not on the page starts a tree of its own. Rows without an id stay at the top level.
 */
export function nestRows(rows: readonly ListRow[], parentField: string): NestedRow[] {
  const ids = new Set(rows.map(idOf).filter((id): id is number => id !== null));
  const childrenOf = new Map<number | null, ListRow[]>();
  for (const row of rows) {
    const parent = row[parentField];
    const key = typeof parent === 'number' && ids.has(parent) && parent !== idOf(row) ? parent : null;
    childrenOf.set(key, [...(childrenOf.get(key) ?? []), row]);
  }
  const nested: NestedRow[] = [];
  const seen = new Set<number>();
  const place = (row: ListRow, level: number, ancestors: readonly number[]) => {
    const id = idOf(row);
    // A cycle in bad data would otherwise recurse for ever.
    if (id !== null && seen.has(id)) return;
    if (id !== null) seen.add(id);
    const children = id === null ? [] : (childrenOf.get(id) ?? []);
    nested.push({ row, id: id ?? -1, level, ancestors, hasChildren: children.length > 0 });
    for (const child of children) place(child, level + 1, [...ancestors, id!]);
  };
  for (const row of childrenOf.get(null) ?? []) place(row, 0, []);
  // Rows caught in a cycle have no root above them: show them rather than lose them.
  for (const row of rows) if (!seen.has(idOf(row) ?? -1) && idOf(row) !== null) place(row, 0, []);
  return nested;
}

/** The rows still shown when some are collapsed: everything below a collapsed row is hidden. */
export function visibleNestedRows(rows: readonly NestedRow[], collapsed: ReadonlySet<number>): NestedRow[] {
  return rows.filter((item) => !item.ancestors.some((id) => collapsed.has(id)));
}
