import { useMemo, useState } from 'react';
import { useT } from '../i18n/useT';
import type { GenericList } from './useGenericList';
import { parseSortBy, cycleSort } from './listColumns';
import { groupByOrganisation, visibleTreeItems } from './organisationTree';
import { ListCell } from './ListCell';
import { useCellContext } from './useCellContext';
import { useMessage } from './useMessage';

/**
 * A tree list (spec `tree:`) as a plain table rather than AG Grid: the page's rows grouped under
 * collapsible organisation header rows, indented by nesting. Sorting still goes to the server and
 * orders the rows within each organisation.
 */
export function TreeTable({ list, treeField }: { list: GenericList; treeField: string }) {
  const t = useT();
  const message = useMessage();
  const context = useCellContext();
  const { config, controller } = list;
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const items = useMemo(() => groupByOrganisation(controller.rows, treeField), [controller.rows, treeField]);
  const sort = parseSortBy(controller.sortBy);
  const toggle = (id: number) =>
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <table className="tree-table">
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
        </tr>
      </thead>
      <tbody>
        {visibleTreeItems(items, collapsed).map((item, index) => {
          if (item.kind === 'row') {
            // Keyed by position: a list row need not carry an id.
            return (
              <tr key={`row-${index}`} className="tree-table__row">
                {config.columns.map((column) => (
                  <ListCell key={column.field} column={column} row={item.row} context={context} />
                ))}
              </tr>
            );
          }
          const { organisation, level } = item;
          const open = !collapsed.has(organisation.id);
          return (
            <tr key={`organisation-${organisation.id}`} className="tree-table__organisation">
              <td colSpan={config.columns.length} style={{ paddingLeft: `${0.5 + level * 1.5}rem` }}>
                <button
                  type="button"
                  aria-expanded={open}
                  aria-label={t(open ? 'list.collapse' : 'list.expand', { name: organisation.name })}
                  onClick={() => toggle(organisation.id)}
                >
                  {open ? '▾' : '▸'}
                </button>{' '}
                <strong>{organisation.name}</strong>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
