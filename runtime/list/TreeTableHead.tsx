import { cycleSort, parseSortBy } from './listColumns';
import type { GenericList } from './useGenericList';
import { useMessage } from './useMessage';
import { useRowActions } from '../actions/useRowActions';

/** The header row of the tree tables: column labels, sortable ones as buttons that cycle the server sort. */
export function TreeTableHead({ list }: { list: GenericList }) {
  const message = useMessage();
  const { config, controller } = list;
  const sort = parseSortBy(controller.sortBy);
  const rowActions = useRowActions(config.actions, controller.reload);
  return (
    <thead>
      <tr>
        {config.columns.map((column) => {
          const header = message(column.label) ?? column.label;
          const direction = sort?.field === column.field ? sort.direction : null;
          return (
            <th key={column.field} aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}>
              {column.sortable ? (
                <button type="button" className="tree-table__sort" onClick={() => controller.setSortBy(cycleSort(controller.sortBy, column.field, config.defaultSort ?? ''))}>
                  {header} {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : ''}
                </button>
              ) : (
                header
              )}
            </th>
          );
        })}
        {rowActions && <th>{rowActions.header}</th>}
      </tr>
    </thead>
  );
}
