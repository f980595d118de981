import type { CellContext, ListRow } from '../list/cellFormat';
import type { RecordTabConfig } from '../record/ChildListTab';

/**
 * The props of hand-written components the spec places below screen level (`file#Export` on a
 * record tab, a list or tab cell, or an action), and the type of a list's detail-rows function. The
 * generated registry (runtime/generated/slots.tsx) types each import by its slot, so a component
 * expecting other props, or a function of another shape, fails type-check.
 */

/** A record tab: the record as the screen loaded it, with its ETag for the writes of it. */
export interface TabSlotProps {
  /** The record's id (the route's :id). */
  id: string;
  record: Readonly<Record<string, unknown>>;
  /** Send as If-Match with a write of the record: the server refuses it (412) if the record changed since. */
  etag: string | null;
  /** Loads the record again (after a save: its new values and ETag). */
  reload: () => void;
  /** The tab's alerts from the spec (`success`, `failure`), for a tab that saves. */
  success?: string;
  failure?: string;
  /** For a record's view that draws the tab bar (spec `view_tabs`): the screen's tabs the user may see, to draw after its own. */
  tabs?: readonly RecordTabConfig[];
}

/** A list or tab cell: its row, and the record's id on a record's tab. */
export interface CellSlotProps {
  row: Readonly<Record<string, unknown>>;
  recordId?: string;
  /** Loads the rows again. */
  reload: () => void;
}

/** A list's selection tools (spec `selection`): the rows ticked on the page, in their order. */
export interface SelectionSlotProps {
  selected: readonly Readonly<Record<string, unknown>>[];
}

/** An action: the row or record it acts on, the record's id and ETag where there is one. */
export interface ActionSlotProps {
  values: Readonly<Record<string, unknown>>;
  recordId?: string;
  etag?: string | null;
  /** Loads the list or record again. */
  reload: () => void;
}

/**
 * A list's detail rows (spec `detail_rows: file#Export`): the rows drawn under a row, nested one
 * level below it, as properties named by the list's columns (which format them); the runtime gives
 * them their ids. `context` formats what a column cannot (the metrics period's name and start).
 */
export type DetailRowsSlot = (row: ListRow, context: CellContext) => ListRow[];
