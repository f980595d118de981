import { useCallback, useMemo } from 'react';
import { useRowActions } from '../actions/useRowActions';
import { useT } from '../i18n/useT';
import { CellContent } from './CellContent';
import type { ListRow } from './cellFormat';
import type { GenericColumn } from './genericListConfig';
import { toSortBy, type ListColumn } from './listColumns';
import { ListTable } from './ListTable';
import { groupByOrganisation, visibleTreeItems, type OrganisationRef } from './organisationTree';
import { rowKey } from './rowKey';
import { useCellContext } from './useCellContext';
import { useCollapsed } from './useCollapsed';
import type { GenericList } from './useGenericList';
import { useMessage } from './useMessage';
import { useOrganisationOptions } from './useOrganisationOptions';

/** A shown line of the tree: an organisation's header (with whether it is open), or one of the list's rows. */
type TreeLine =
  | { kind: 'organisation'; organisation: OrganisationRef; level: number; open: boolean; key: string }
  | { kind: 'row'; row: ListRow; key: string };

const NONE: readonly OrganisationRef[] = [];
/** The column key of the row actions (no row property has a name starting with a dollar). */
const ROW_ACTIONS = '$actions';

/**
 * A tree list (spec `tree:`) in the list grid: the page's rows grouped under collapsible
 * organisation header rows, indented by nesting; with `tree_ancestors`, also the ancestors between
 * them (from the organisations the user can see, when that list is available), so the
 * organisations with rows hang in one tree. Sorting goes to the server (the grid's header) and
 * orders the rows within each organisation. Each line keeps its id in the grid, so a row (and an
 * action's open confirmation in it) stays itself when organisation headers that arrive late
 * move it down.
 */
export function TreeGrid({ list, treeField }: { list: GenericList; treeField: string }) {
  const t = useT();
  const message = useMessage();
  const context = useCellContext();
  const { config, controller } = list;
  const [collapsed, toggle] = useCollapsed();
  const rowActions = useRowActions(config.actions, controller.reload);
  const options = useOrganisationOptions(config.treeAncestors === true);
  const known = options.status === 'ready' ? (options.organisations as readonly OrganisationRef[]) : NONE;
  const items = useMemo(() => groupByOrganisation(controller.rows, treeField, known), [controller.rows, treeField, known]);
  const lines = useMemo<TreeLine[]>(() => {
    const positions = new Map(controller.rows.map((row, position) => [row, position]));
    return visibleTreeItems(items, collapsed).map((item) =>
      item.kind === 'row'
        ? { kind: 'row', row: item.row, key: rowKey(item.row, positions.get(item.row) ?? -1) }
        : {
            kind: 'organisation',
            organisation: item.organisation,
            level: item.level,
            open: !collapsed.has(item.organisation.id),
            key: `organisation-${item.organisation.id}`,
          },
    );
  }, [items, collapsed, controller.rows]);

  const columns = useMemo<ListColumn<TreeLine>[]>(() => {
    const cell = (column: GenericColumn, first: boolean) => (line: TreeLine) =>
      line.kind === 'row' ? (
        <CellContent column={column} row={line.row} context={context} reload={controller.reload} />
      ) : first ? (
        <span className="tree-table__organisation" style={{ paddingLeft: `${line.level * 1.5}rem` }}>
          <button
            type="button"
            className="tree-table__toggle"
            aria-expanded={line.open}
            aria-label={t(line.open ? 'list.collapse' : 'list.expand', { name: line.organisation.name })}
            onClick={() => toggle(line.organisation.id)}
          >
            {line.open ? '▾' : '▸'}
          </button>{' '}
          <strong>{line.organisation.name}</strong>
        </span>
      ) : null;
    const drawn = config.columns.map((column, index): ListColumn<TreeLine> => ({
      field: column.field as keyof TreeLine & string,
      header: message(column.label) ?? column.label,
      sortable: column.sortable,
      render: cell(column, index === 0),
    }));
    return rowActions
      ? [
          ...drawn,
          {
            field: ROW_ACTIONS as keyof TreeLine & string,
            header: rowActions.header,
            render: (line) => (line.kind === 'row' ? rowActions.cell(line.row) : null),
          },
        ]
      : drawn;
  }, [config.columns, message, context, controller.reload, rowActions, toggle, t]);

  const rowId = useCallback((line: TreeLine) => line.key, []);
  const { setSortBy } = controller;
  const onSort = useCallback(
    (sort: Parameters<typeof toSortBy>[0]) => setSortBy(toSortBy(sort, config.defaultSort ?? '')),
    [setSortBy, config.defaultSort],
  );

  return (
    <ListTable
      rows={lines}
      columns={columns}
      sortBy={controller.sortBy}
      onSort={onSort}
      busy={controller.loading}
      rowId={rowId}
      {...(config.name && { layoutScreen: config.name })}
    />
  );
}
