import { useMemo } from 'react';
import { useT } from '../i18n/useT';
import type { GenericList } from './useGenericList';
import { groupByOrganisation, visibleTreeItems, type OrganisationRef } from './organisationTree';
import { ListCell } from './ListCell';
import { TreeTableHead } from './TreeTableHead';
import { useCellContext } from './useCellContext';
import { useCollapsed } from './useCollapsed';
import { useRowActions } from '../actions/useRowActions';
import { rowKey } from './rowKey';
import { useOrganisationOptions } from './useOrganisationOptions';

const NONE: readonly OrganisationRef[] = [];

/**
 * A tree list (spec `tree:`) as a plain table: the page's rows grouped under
 * collapsible organisation header rows, indented by nesting; with `tree_ancestors`, also the
 * ancestors between them (from the organisations the user can see, when that list is available),
 * so the organisations with rows hang in one tree. Sorting still goes to
 * the server and orders the rows within each organisation.
 */
export function TreeTable({ list, treeField }: { list: GenericList; treeField: string }) {
  const t = useT();
  const context = useCellContext();
  const { config, controller } = list;
  const [collapsed, toggle] = useCollapsed();
  const rowActions = useRowActions(config.actions, controller.reload);
  const options = useOrganisationOptions(config.treeAncestors === true);
  const known = options.status === 'ready' ? (options.organisations as readonly OrganisationRef[]) : NONE;
  const items = useMemo(() => groupByOrganisation(controller.rows, treeField, known), [controller.rows, treeField, known]);
  const positions = useMemo(() => new Map(controller.rows.map((row, position) => [row, position])), [controller.rows]);

  return (
    <table className="tree-table">
      <TreeTableHead list={list} />
      <tbody>
        {visibleTreeItems(items, collapsed).map((item) => {
          if (item.kind === 'row') {
            // Not by its place in the table: organisation headers (the ancestors, loaded later) move rows down.
            return (
              <tr key={rowKey(item.row, positions.get(item.row) ?? -1)} className="tree-table__row">
                {config.columns.map((column) => (
                  <ListCell key={column.field} column={column} row={item.row} context={context} reload={controller.reload} />
                ))}
                {rowActions && <td className="tree-table__actions">{rowActions.cell(item.row)}</td>}
              </tr>
            );
          }
          const { organisation, level } = item;
          const open = !collapsed.has(organisation.id);
          return (
            <tr key={`organisation-${organisation.id}`} className="tree-table__organisation">
              <td colSpan={config.columns.length + (rowActions ? 1 : 0)} style={{ paddingLeft: `${0.5 + level * 1.5}rem` }}>
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
