import { formatCell, type CellContext, type ListRow } from './cellFormat';
import type { DetailRows } from './genericListConfig';

/** The property a detail row names its row by, for nestRows (no real row has it). */
export const DETAIL_PARENT = '__detail_parent';

/**
 * Each row followed by its detail rows (spec `detail_rows`): the items of its array property,
 * keyed by the list's columns. A column with one item property keeps the raw value (the column
 * formats it, as money in its currency); several are formatted and joined into one text. Detail
 * rows take negative ids, so they never collide with a row's and never count as one's parent.
 */
export function withDetailRows(rows: readonly ListRow[], detail: DetailRows, context: CellContext): ListRow[] {
  let next = -2;
  return rows.flatMap((row) => {
    const items = Array.isArray(row[detail.property]) ? (row[detail.property] as ListRow[]) : [];
    const details = items.map((item): ListRow => {
      const cells = Object.entries(detail.fields).map(([column, parts]) => {
        if (parts.length === 1) return [column, item[parts[0]!.field] ?? null];
        const texts = parts.map((part) => formatCell({ ...part, label: '', sortable: false }, item, context)).filter((text) => text !== '');
        return [column, texts.join(' · ')];
      });
      return { ...Object.fromEntries(cells), id: next--, [DETAIL_PARENT]: row['id'] };
    });
    return [row, ...details];
  });
}
