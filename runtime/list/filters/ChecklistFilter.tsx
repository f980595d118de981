import { listValue, type FilterWidgetProps } from './filterWidgetProps';
import { useOptionLabel } from './useOptionLabel';

/** Checkboxes over an enum's values; the checked ones are sent as a repeated parameter. */
export function ChecklistFilter({ filter, label, values, onChange }: FilterWidgetProps) {
  const optionLabel = useOptionLabel(filter.enum);
  const param = filter.params[0]!;
  const checked = listValue(values, param);
  const toggle = (option: string, on: boolean) =>
    onChange(param, on ? [...checked, option] : checked.filter((value) => value !== option));
  return (
    <fieldset className="generic-filter">
      <legend>{label}</legend>
      {(filter.options ?? []).map((option) => (
        <label key={String(option)} className="generic-filter__check">
          <input
            type="checkbox"
            checked={checked.includes(String(option))}
            onChange={(event) => toggle(String(option), event.target.checked)}
          />
          {optionLabel(option)}
        </label>
      ))}
    </fieldset>
  );
}
