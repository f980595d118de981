import { useMemo } from 'react';
import { useT } from '../i18n/useT';
import { CellContent } from './CellContent';
import { formatCell, type ListRow } from './cellFormat';
import { ListCell } from './ListCell';
import { nestRows, visibleNestedRows } from './rowTree';
import { TreeTableHead } from './TreeTableHead';
import { useCellContext } from './useCellContext';
import { useCollapsed } from './useCollapsed';
import { useRowActions } from '../actions/useRowActions';
import type { GenericList } from './useGenericList';

/**
 * A list whose rows form the tree themselves (spec `tree_parent`, e.g. organisations): each row
 * under its parent row, indented by depth, with a toggle that collapses what lies below it.
 * Sorting goes to the server and orders the rows among their siblings. `rows` replaces the page's
 * rows when the view adds its own (detail rows under each row).
 */
export function NestedTable({ list, parentField, rows }: { list: GenericList; parentField: string; rows?: readonly ListRow[] }) {
  const t = useT();
  const context = useCellContext();
  const { config, controller } = list;
  const [collapsed, toggle] = useCollapsed();
  const rowActions = useRowActions(config.actions, controller.reload);
  const shown = rows ?? controller.rows;
  const nested = useMemo(() => nestRows(shown, parentField), [shown, parentField]);
  const [first, ...rest] = config.columns;
  if (!first) return null;

  return (
    <table className="tree-table">
      <TreeTableHead list={list} />
      <tbody>
        {visibleNestedRows(nested, collapsed).map((item, index) => {
          const open = !collapsed.has(item.id);
          const name = formatCell(first, item.row, context);
          return (
            <tr key={item.id >= 0 ? item.id : `row-${index}`} className="tree-table__row" data-level={item.level}>
              <td style={{ paddingLeft: `${0.5 + item.level * 1.5}rem` }}>
                {item.hasChildren ? (
                  <button
                    type="button"
                    className="tree-table__toggle"
                    aria-expanded={open}
                    aria-label={t(open ? 'list.collapse' : 'list.expand', { name })}
                    onClick={() => toggle(item.id)}
                  >
                    {open ? '▾' : '▸'}
                  </button>
                ) : (
                  <span className="tree-table__toggle" aria-hidden="true" />
                )}{' '}
                <CellContent column={first} row={item.row} context={context} reload={controller.reload} />
              </td>
              {rest.map((column) => (
                <ListCell key={column.field} column={column} row={item.row} context={context} reload={controller.reload} />
              ))}
              {rowActions && <td className="tree-table__actions">{rowActions.cell(item.row)}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
