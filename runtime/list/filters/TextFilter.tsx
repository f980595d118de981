import { useId } from 'react';
import { stringValue, type FilterWidgetProps } from './filterWidgetProps';

/** A free-text filter (case-insensitive contains on the server). */
export function TextFilter({ filter, label, values, onChange }: FilterWidgetProps) {
  const id = useId();
  const param = filter.params[0]!;
  return (
    <div className="generic-filter">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={stringValue(values, param)} onChange={(event) => onChange(param, event.target.value)} />
    </div>
  );
}
