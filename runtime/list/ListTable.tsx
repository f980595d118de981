import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '../ui/Spinner';
import type { GridSort } from './gridColumns';
import type { ListColumn } from './listColumns';

export interface ListTableProps<Row> {
  rows: readonly Row[];
  columns: readonly ListColumn<Row>[];
  /** The server's sort (`+name`): its column's header says so (aria-sort and an arrow). */
  sortBy: string;
  /** The user sorted by a column's header (null: no column, the list's default). */
  onSort: (sort: GridSort) => void;
  /** Rows are loading: the list says so to assistive technology. */
  busy: boolean;
  /** Row checkboxes and a box in the header that ticks or clears every row of the page. */
  selection?: { ticked: readonly Row[]; onTick: (rows: Row[]) => void };
  /** The list screen of the spec whose column layout (order, widths, hidden) is the user's own, kept on the server. */
  layoutScreen?: string;
  /**
   * A row's lasting id: the grid then keeps a row (and the focus in it) when the rows are given
   * again, as a tree's are on each expand and collapse. Without it each new page is rows anew.
   */
  rowId?: (row: Row) => string;
}

// AG Grid is most of a list screen's JavaScript: it loads in its own chunk when a list is first
// drawn, so no other page (the public store above all) carries it (docs/performance.md).
const loadGridTable = () => import('./GridTable');
const GridTable = lazy(loadGridTable);

let preloaded = false;
/**
 * Fetches the grid's chunk while the browser is idle, once a user has signed in (most of what a
 * signed-in user opens is a list): the first list then draws without waiting for 170 KB of
 * JavaScript. The anonymous store never calls it, so its first load stays without grid code.
 */
export function preloadListTable(): void {
  if (preloaded || typeof window === 'undefined') return;
  preloaded = true;
  const load = () => void loadGridTable().catch(() => (preloaded = false));
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 500);
}

/** The rows of a list page: AG Grid (GridTable), loaded on first use. */
export function ListTable<Row>(props: ListTableProps<Row>) {
  const Grid = GridTable as unknown as ComponentType<ListTableProps<Row>>;
  return (
    <Suspense fallback={<Spinner />}>
      <Grid {...props} />
    </Suspense>
  );
}
