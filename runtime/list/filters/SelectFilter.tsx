import { useId } from 'react';
import { useT } from '../../i18n/useT';
import { valueKey } from '../filterState';
import { stringValue, type FilterWidgetProps } from './filterWidgetProps';
import { useFilterOptions } from './useFilterOptions';

/** A single choice among an enum's values or loaded choices, or all of them (a choice filter's options set several parameters). */
export function SelectFilter({ filter, label, values, onChange }: FilterWidgetProps) {
  const t = useT();
  const id = useId();
  const options = useFilterOptions(filter);
  const param = valueKey(filter);
  return (
    <div className="generic-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={stringValue(values, param)} onChange={(event) => onChange(param, event.target.value)}>
        <option value="">{t('filters.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
