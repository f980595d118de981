import { useT } from '../../runtime/i18n/useT';

interface ValueRangeFilterProps {
  from: string;
  to: string;
  invalid: boolean;
  onChange: (change: { value_from?: string; value_to?: string }) => void;
}

/**
 * The value range of the filter panel. When `to` is below `from` both inputs are marked invalid
 * with soft_validation_value_range and the range is not sent (000 §5) — the list is not
 * narrowed by a range that cannot match.
 */
export function ValueRangeFilter({ from, to, invalid, onChange }: ValueRangeFilterProps) {
  const t = useT();
  const inputClass = invalid ? 'store-input store-input--invalid' : 'store-input';
  return (
    <fieldset className="store-filter store-value-range" data-testid="value-range">
      <legend>{t('store.value_range')}</legend>
      <div className="store-value-range__inputs">
        <label>
          {t('store.value_from')}
          <input
            className={inputClass}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={from}
            aria-invalid={invalid}
            aria-describedby={invalid ? 'value-range-error' : undefined}
            data-testid="value-from"
            onChange={(event) => onChange({ value_from: event.target.value })}
          />
        </label>
        <label>
          {t('store.value_to')}
          <input
            className={inputClass}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={to}
            aria-invalid={invalid}
            aria-describedby={invalid ? 'value-range-error' : undefined}
            data-testid="value-to"
            onChange={(event) => onChange({ value_to: event.target.value })}
          />
        </label>
      </div>
      {invalid && (
        <p id="value-range-error" className="store-value-range__error" role="alert" data-testid="value-range-error">
          {t('soft_validation_value_range')}
        </p>
      )}
    </fieldset>
  );
}
