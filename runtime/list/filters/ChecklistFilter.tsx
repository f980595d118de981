import { listValue, type FilterWidgetProps } from './filterWidgetProps';
import { useFilterOptions } from './useFilterOptions';

/** Checkboxes over an enum's values or loaded choices; the checked ones are sent as a repeated parameter. */
export function ChecklistFilter({ filter, label, values, onChange }: FilterWidgetProps) {
  const options = useFilterOptions(filter);
  const param = filter.params[0]!;
  const checked = listValue(values, param);
  const toggle = (option: string, on: boolean) => onChange(param, on ? [...checked, option] : checked.filter((value) => value !== option));
  return (
    <fieldset className="generic-filter">
      <legend>{label}</legend>
      {options.map((option) => (
        <label key={option.value} className="generic-filter__check">
          <input
            type="checkbox"
            checked={checked.includes(option.value)}
            onChange={(event) => toggle(option.value, event.target.checked)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
