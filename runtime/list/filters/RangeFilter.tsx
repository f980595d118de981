import { useId } from 'react';
import { useT } from '../../i18n/useT';
import { stringValue, type FilterWidgetProps } from './filterWidgetProps';

/**
 * Two bounds (dates, amounts or numbers). When the upper bound is below the lower one both inputs
 * are marked invalid with the soft validation message, and the controller sends neither.
 */
export function RangeFilter({ filter, label, values, problem, onChange }: FilterWidgetProps) {
  const t = useT();
  const id = useId();
  const [lower, upper] = filter.params;
  const type = filter.widget === 'date_range' ? 'date' : 'number';
  // Amounts may have any number of decimals; other ranges count whole numbers.
  const step = filter.widget === 'value_range' ? 'any' : undefined;
  const input = (param: string | undefined, caption: string, suffix: string) =>
    param === undefined ? null : (
      <label className="generic-filter__bound">
        {caption}
        <input
          type={type}
          step={step}
          value={stringValue(values, param)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          data-bound={suffix}
          onChange={(event) => onChange(param, event.target.value)}
        />
      </label>
    );
  return (
    <fieldset className="generic-filter">
      <legend>{label}</legend>
      {input(lower, t('filters.from'), 'from')}
      {input(upper, t('filters.to'), 'to')}
      {problem && (
        <p id={`${id}-problem`} className="generic-filter__problem" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
