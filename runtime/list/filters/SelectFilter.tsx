import { useId } from 'react';
import { useT } from '../../i18n/useT';
import { valueKey } from '../filterState';
import { stringValue, type FilterWidgetProps } from './filterWidgetProps';
import { useOptionLabel } from './useOptionLabel';

/** A single choice among an enum's values, or all of them (a choice filter's options set several parameters). */
export function SelectFilter({ filter, label, values, onChange }: FilterWidgetProps) {
  const t = useT();
  const id = useId();
  const optionLabel = useOptionLabel(filter.enum);
  const param = valueKey(filter);
  return (
    <div className="generic-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={stringValue(values, param)} onChange={(event) => onChange(param, event.target.value)}>
        <option value="">{t('filters.all')}</option>
        {(filter.options ?? []).map((option) => (
          <option key={String(option)} value={String(option)}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
