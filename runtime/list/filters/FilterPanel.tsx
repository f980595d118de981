import type { ComponentType } from 'react';
import { useT } from '../../i18n/useT';
import { filterKey } from '../filterState';
import type { FilterWidget } from '../genericListConfig';
import { guardPasses } from '../linkGuard';
import { useCurrentUser } from '../../session/useCurrentUser';
import type { GenericList } from '../useGenericList';
import { useMessage } from '../useMessage';
import { ChecklistFilter } from './ChecklistFilter';
import { FilterPanelFrame } from './FilterPanelFrame';
import type { FilterWidgetProps } from './filterWidgetProps';
import { OrganisationFilter } from './OrganisationFilter';
import { RangeFilter } from './RangeFilter';
import { SelectFilter } from './SelectFilter';
import { TextFilter } from './TextFilter';

const WIDGETS: Record<FilterWidget, ComponentType<FilterWidgetProps>> = {
  text: TextFilter,
  checklist: ChecklistFilter,
  select: SelectFilter,
  organisation: OrganisationFilter,
  date_range: RangeFilter,
  value_range: RangeFilter,
  number_range: RangeFilter,
};

/** The filters of a generic list: one widget per spec filter in the panel frame. */
export function FilterPanel({ list }: { list: GenericList }) {
  const t = useT();
  const message = useMessage();
  const { user } = useCurrentUser();
  const { config, values, problems, setValue, clearFilters } = list;
  // A guarded filter is left out for users who fail its guard (001 §2); the server scopes the rows anyway.
  const shown = config.filters.filter((filter) => guardPasses(user, filter.guard));
  if (shown.length === 0) return null;
  return (
    <FilterPanelFrame onClear={clearFilters}>
      {shown.map((filter) => {
        const Widget = WIDGETS[filter.widget];
        const problem = problems[filterKey(filter)];
        return (
          <Widget
            key={filterKey(filter)}
            filter={filter}
            label={message(filter.label) ?? filter.label}
            values={values}
            problem={problem ? t(problem) : undefined}
            onChange={setValue}
          />
        );
      })}
    </FilterPanelFrame>
  );
}
