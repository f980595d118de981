import { useCallback, useMemo, useRef, useState } from 'react';
import type { Query } from '../api/query';
import type { MessageKey } from '../generated/messages';
import { filterKey, filterProblems, filterQuery, initialFilterValues, type FilterValue, type FilterValues } from './filterState';
import type { ListRow } from './cellFormat';
import type { GenericListConfig } from './genericListConfig';
import { guardPasses } from '../session/guard';
import { useCurrentUser } from '../session/useCurrentUser';
import { useListController, type ListController } from './useListController';

export interface GenericList {
  config: GenericListConfig;
  /** Paging, sorting and the loaded page; its filters are the query the widgets stand for. */
  controller: ListController<ListRow, Query>;
  /** What the filter widgets show, by query parameter. */
  values: FilterValues;
  /** Soft validation messages by filterKey (an inverted range). */
  problems: Readonly<Record<string, MessageKey>>;
  setValue: (param: string, value: FilterValue) => void;
  /** Back to the initial filters, applied at once. */
  clearFilters: () => void;
}

export { filterKey };

/**
 * The controller of a generated list screen, apart from its view so that hand-written screens
 * can reuse it: widget values turn into query parameters (an invalid range sends neither bound)
 * and the list controller applies them after the screen's debounce, back on page 1.
 */
export function useGenericList(screen: GenericListConfig): GenericList {
  // Columns the user may not see (a row action for admins) are left out of every view.
  const { user } = useCurrentUser();
  const config = useMemo(() => {
    const columns = screen.columns.filter((column) => guardPasses(user, column.guard));
    return columns.length === screen.columns.length ? screen : { ...screen, columns };
  }, [screen, user]);
  // Query flags of the page's URL (?pending_auth) pick a filter's preset as its starting value.
  const [flags] = useState<ReadonlySet<string>>(() => new Set(new URLSearchParams(window.location.search).keys()));
  const openingValues = useMemo(() => initialFilterValues(config.filters, flags), [config.filters, flags]);
  const initialValues = useMemo(() => initialFilterValues(config.filters), [config.filters]);
  const initialQuery = useMemo(() => filterQuery(config.filters, openingValues), [config.filters, openingValues]);
  const [values, setValues] = useState<FilterValues>(openingValues);
  const controller = useListController<ListRow, Query>({
    path: config.path,
    initialFilters: initialQuery,
    defaultSort: config.defaultSort ?? '',
    defaultPerPage: config.pageSizes[0] ?? 24,
    debounceMs: config.debounceMs,
  });
  const { setFilters, resetFilters } = controller;

  // A widget may set two parameters in one change (an organisation, or the "my customers" flag):
  // each call builds on the one before it, not on the values of the last render.
  const latest = useRef(values);
  const setValue = useCallback(
    (param: string, value: FilterValue) => {
      const next = { ...latest.current, [param]: value };
      latest.current = next;
      setValues(next);
      setFilters(filterQuery(config.filters, next));
    },
    [config.filters, setFilters],
  );

  // Clearing goes back to the spec's defaults, not to the presets the page was opened with.
  const clearFilters = useCallback(() => {
    latest.current = initialValues;
    setValues(initialValues);
    resetFilters(filterQuery(config.filters, initialValues));
  }, [initialValues, config.filters, resetFilters]);

  const problems = useMemo(() => filterProblems(config.filters, values), [config.filters, values]);
  return { config, controller, values, problems, setValue, clearFilters };
}
