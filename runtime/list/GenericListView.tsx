import { useEffect, useMemo, useState } from 'react';
import { detailRowsSlots, selectionSlots } from '../generated/slots';
import { Slot } from '../slots/Slot';
import type { DetailRowsSlot } from '../slots/slotTypes';
import type { MessageKey } from '../generated/messages';
import { isMessageKey } from '../i18n/i18n';
import { useT } from '../i18n/useT';
import { Spinner } from '../ui/Spinner';
import { formatCell, warningText, type ListRow } from './cellFormat';
import { FilterPanel } from './filters/FilterPanel';
import type { ListColumn } from './listColumns';
import { ListView } from './ListView';
import { DETAIL_PARENT, withDetailRows } from './detailRows';
import { NestedGrid } from './NestedGrid';
import { Pagination } from './Pagination';
import { ScreenLinks } from './ScreenLinks';
import { TreeGrid } from './TreeGrid';
import { useCellContext } from './useCellContext';
import type { GenericList } from './useGenericList';
import { useMessage } from './useMessage';
import { useRowActions } from '../actions/useRowActions';
import { CellSlot } from './CellSlot';

/** The function a list's `detail_rows` names, from the slot registry. */
function detailRowsSlot(ref: string): DetailRowsSlot {
  const slot = detailRowsSlots[ref];
  if (!slot) throw new Error(`No function "${ref}" in the slot registry: run npm run generate`);
  return slot;
}

/** The column key of the row actions (no row property has a name starting with a dollar). */
const ROW_ACTIONS = '$actions';
import './genericList.css';

/**
 * The view of a generated list screen: title and header links, the filter panel on the left, the
 * rows (the list grid: flat, grouped under organisation headers for organisation trees, or with
 * nested rows for rows that form a tree), the pager and footer links. On a page screen its
 * heading is an h2.
 */
export function GenericListView({ list, headingLevel = 1 }: { list: GenericList; headingLevel?: 1 | 2 }) {
  const t = useT();
  const message = useMessage();
  const context = useCellContext();
  const { config, controller } = list;
  const emptyKey: MessageKey = config.emptyKey && isMessageKey(config.emptyKey) ? config.emptyKey : 'list.empty';

  const rowActions = useRowActions(config.actions, controller.reload);
  // The ticked rows of the page shown; a new page, sort or filter starts with none.
  const [selected, setSelected] = useState<ListRow[]>([]);
  useEffect(() => setSelected([]), [controller.rows]);
  const columns = useMemo<ListColumn<ListRow>[]>(
    () => [
      ...config.columns.map((column) => ({
        field: column.field,
        header: message(column.label) ?? column.label,
        sortable: column.sortable,
        format: (row: ListRow) => formatCell(column, row, context),
        ...(column.warnings && { warning: (row: ListRow) => warningText(column, row, context) }),
        ...(column.link && { linkRoute: column.link }),
        ...(column.linkParam && { linkParam: column.linkParam }),
        ...(column.component && {
          render: (row: ListRow) => <CellSlot component={column.component!} row={row} reload={controller.reload} />,
        }),
      })),
      ...(rowActions ? [{ field: ROW_ACTIONS, header: rowActions.header, render: rowActions.cell }] : []),
    ],
    [config.columns, message, context, rowActions, controller.reload],
  );

  const withDetails = useMemo(
    () => (config.detailRows ? withDetailRows(controller.rows, detailRowsSlot(config.detailRows), context) : controller.rows),
    [config.detailRows, controller.rows, context],
  );

  return (
    <section className="generic-list">
      <header className="generic-list__header">
        {config.title &&
          (headingLevel === 1 ? <h1>{message(config.title) ?? config.title}</h1> : <h2>{message(config.title) ?? config.title}</h2>)}
        <ScreenLinks links={config.links} place="header" rows={controller.totalCount} />
        {config.selection && <Slot registry={selectionSlots} component={config.selection} props={{ selected }} />}
      </header>
      <div className="generic-list__body">
        <FilterPanel list={list} />
        <div className="generic-list__rows">
          {config.tree || config.treeParent || config.detailRows ? (
            <div className="list-view">
              {controller.error && (
                <p className="list-view__error" role="alert">
                  {isMessageKey(controller.error.message_key) ? t(controller.error.message_key) : t('problem.internal')}
                </p>
              )}
              {config.tree ? (
                <TreeGrid list={list} treeField={config.tree} />
              ) : config.detailRows ? (
                <NestedGrid list={list} parentField={DETAIL_PARENT} rows={withDetails} />
              ) : (
                <NestedGrid list={list} parentField={config.treeParent!} />
              )}
              {controller.loading && <Spinner />}
              {!controller.loading && !controller.error && controller.rows.length === 0 && (
                <p className="list-view__empty">{t(emptyKey)}</p>
              )}
              <Pagination
                page={controller.page}
                totalPages={controller.totalPages}
                totalCount={controller.totalCount}
                perPage={controller.perPage}
                perPageOptions={config.pageSizes}
                onPage={controller.setPage}
                onPerPage={controller.setPerPage}
                countKey="list.result_count"
              />
            </div>
          ) : (
            <ListView
              controller={controller}
              columns={columns}
              defaultSort={config.defaultSort ?? ''}
              emptyKey={emptyKey}
              perPageOptions={config.pageSizes}
              countKey="list.result_count"
              {...(config.selection && { onSelection: setSelected })}
              {...(config.name && { layoutScreen: config.name })}
            />
          )}
        </div>
      </div>
      <ScreenLinks links={config.links} place="footer" rows={controller.totalCount} />
    </section>
  );
}
