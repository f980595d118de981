import { useCallback, useMemo, type ReactNode } from 'react';
import { useRowActions } from '../actions/useRowActions';
import { useT } from '../i18n/useT';
import { CellContent } from './CellContent';
import { formatCell, type ListRow } from './cellFormat';
import type { GenericColumn } from './genericListConfig';
import { toSortBy, type ListColumn } from './listColumns';
import { ListTable } from './ListTable';
import { nestRows, visibleNestedRows, type NestedRow } from './rowTree';
import { useCellContext } from './useCellContext';
import { useCollapsed } from './useCollapsed';
import type { GenericList } from './useGenericList';
import { useMessage } from './useMessage';

/** A shown row of the tree, with whether its children are shown (the toggle's state). */
interface NestedItem extends NestedRow {
  open: boolean;
  /** Its place among the shown rows: the grid's id for a row without one (nestRows gives those -1). */
  position: number;
}

/** The column key of the row actions (no row property has a name starting with a dollar). */
const ROW_ACTIONS = '$actions';

/**
 * A list whose rows form the tree themselves (spec `tree_parent`, e.g. organisations; or rows with
 * their detail rows, `rows`), in the list grid: each row under its parent row, indented by depth,
 * with a toggle in its first cell that collapses what lies below it. Sorting goes to the server
 * (the grid's header) and orders the rows among their siblings.
 */
export function NestedGrid({ list, parentField, rows }: { list: GenericList; parentField: string; rows?: readonly ListRow[] }) {
  const t = useT();
  const message = useMessage();
  const context = useCellContext();
  const { config, controller } = list;
  const [collapsed, toggle] = useCollapsed();
  const rowActions = useRowActions(config.actions, controller.reload);
  const shown = rows ?? controller.rows;
  const nested = useMemo(() => nestRows(shown, parentField), [shown, parentField]);
  // New items on each toggle, the same rows (by id): the grid redraws the toggles in place.
  const items = useMemo<NestedItem[]>(
    () => visibleNestedRows(nested, collapsed).map((item, position) => ({ ...item, open: !collapsed.has(item.id), position })),
    [nested, collapsed],
  );

  const columns = useMemo<ListColumn<NestedItem>[]>(() => {
    const cell = (column: GenericColumn) => (item: NestedItem) => (
      <CellContent column={column} row={item.row} context={context} reload={controller.reload} />
    );
    const drawn = config.columns.map((column, index): ListColumn<NestedItem> => ({
      field: column.field as keyof NestedItem & string,
      header: message(column.label) ?? column.label,
      sortable: column.sortable,
      render:
        index === 0
          ? (item) => (
              <NestedCell item={item} name={formatCell(column, item.row, context)} onToggle={toggle} t={t}>
                {cell(column)(item)}
              </NestedCell>
            )
          : cell(column),
    }));
    return rowActions
      ? [
          ...drawn,
          { field: ROW_ACTIONS as keyof NestedItem & string, header: rowActions.header, render: (item) => rowActions.cell(item.row) },
        ]
      : drawn;
  }, [config.columns, message, context, controller.reload, rowActions, toggle, t]);

  const rowId = useCallback((item: NestedItem) => (item.id !== -1 ? `id-${item.id}` : `at-${item.position}`), []);
  const { setSortBy } = controller;
  const onSort = useCallback(
    (sort: Parameters<typeof toSortBy>[0]) => setSortBy(toSortBy(sort, config.defaultSort ?? '')),
    [setSortBy, config.defaultSort],
  );

  return (
    <ListTable
      rows={items}
      columns={columns}
      sortBy={controller.sortBy}
      onSort={onSort}
      busy={controller.loading}
      rowId={rowId}
      {...(config.name && { layoutScreen: config.name })}
    />
  );
}

/** A tree row's first cell: indented by its level, its toggle (when it has rows below), its content. */
function NestedCell({
  item,
  name,
  onToggle,
  t,
  children,
}: {
  item: NestedItem;
  name: string;
  onToggle: (id: number) => void;
  t: ReturnType<typeof useT>;
  children: ReactNode;
}) {
  return (
    <span className="list-grid__nested" data-level={item.level} style={{ paddingLeft: `${item.level * 1.5}rem` }}>
      {item.hasChildren ? (
        <button
          type="button"
          className="tree-table__toggle"
          aria-expanded={item.open}
          aria-label={t(item.open ? 'list.collapse' : 'list.expand', { name })}
          onClick={() => onToggle(item.id)}
        >
          {item.open ? '▾' : '▸'}
        </button>
      ) : (
        <span className="tree-table__toggle" aria-hidden="true" />
      )}{' '}
      {children}
    </span>
  );
}
