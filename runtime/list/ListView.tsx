import { useState } from 'react';
import type { MessageKey } from '../generated/messages';
import { isMessageKey } from '../i18n/i18n';
import { useT } from '../i18n/useT';
import { Spinner } from '../ui/Spinner';
import { ListTable } from './ListTable';
import { toSortBy, type ListColumn } from './listColumns';
import type { ListFilters } from './listState';
import type { ListController } from './useListController';
import { Pagination } from './Pagination';

interface ListViewProps<Row, Filters extends ListFilters> {
  controller: ListController<Row, Filters>;
  columns: readonly ListColumn<Row>[];
  /** sort_by when no column is sorted. */
  defaultSort: string;
  emptyKey?: MessageKey;
  perPageOptions?: readonly number[];
  /** The "n results" message of the pager. */
  countKey?: MessageKey;
  /** Row checkboxes and a select-all box in the header; told the ticked rows of the page. */
  onSelection?: (rows: Row[]) => void;
  /** The list screen of the spec whose column layout the user keeps (ListTable). */
  layoutScreen?: string;
}

/**
 * A generic server-side list: a table of the current page only; sorting, paging and filtering go
 * to the server through the list controller (the table never sorts locally).
 */
export function ListView<Row, Filters extends ListFilters>({
  controller,
  columns,
  defaultSort,
  emptyKey = 'store.empty',
  perPageOptions = [24, 48, 96],
  countKey,
  onSelection,
  layoutScreen,
}: ListViewProps<Row, Filters>) {
  const t = useT();
  // The ticked rows, by identity: a new page, sort or filter brings new row objects, so none of
  // them is ticked (as a page starts with none).
  const [ticked, setTicked] = useState<ReadonlySet<Row>>(() => new Set());
  const selection = onSelection && {
    ticked: controller.rows.filter((row) => ticked.has(row)),
    onTick: (rows: Row[]) => {
      setTicked(new Set(rows));
      onSelection(rows);
    },
  };

  return (
    <div className="list-view">
      {controller.error && (
        <p className="list-view__error" role="alert">
          {isMessageKey(controller.error.message_key) ? t(controller.error.message_key) : t('problem.internal')}
        </p>
      )}
      <ListTable
        rows={controller.rows}
        columns={columns}
        sortBy={controller.sortBy}
        onSort={(sort) => controller.setSortBy(toSortBy(sort, defaultSort))}
        busy={controller.loading}
        {...(selection && { selection })}
        {...(layoutScreen && { layoutScreen })}
      />
      {controller.loading && <Spinner />}
      {!controller.loading && !controller.error && controller.rows.length === 0 && <p className="list-view__empty">{t(emptyKey)}</p>}
      <Pagination
        page={controller.page}
        totalPages={controller.totalPages}
        totalCount={controller.totalCount}
        perPage={controller.perPage}
        perPageOptions={perPageOptions}
        onPage={controller.setPage}
        onPerPage={controller.setPerPage}
        {...(countKey && { countKey })}
      />
    </div>
  );
}
