import type { DetailRowsSlot } from '../slots/slotTypes';
import type { CellContext, ListRow } from './cellFormat';

/** The property a detail row names its row by, for nestRows (no real row has it). */
export const DETAIL_PARENT = '__detail_parent';

/**
 * Each row followed by its detail rows (spec `detail_rows`, a hand-written function of the slot
 * registry). Detail rows take negative ids, so they never collide with a row's and never count as
 * one's parent.
 */
export function withDetailRows(rows: readonly ListRow[], detailRowsOf: DetailRowsSlot, context: CellContext): ListRow[] {
  let next = -2;
  return rows.flatMap((row) => [
    row,
    ...detailRowsOf(row, context).map((detail): ListRow => ({ ...detail, id: next--, [DETAIL_PARENT]: row['id'] })),
  ]);
}
