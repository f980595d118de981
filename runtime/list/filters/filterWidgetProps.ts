import type { FilterValue, FilterValues } from '../filterState';
import type { GenericFilter } from '../genericListConfig';

/** What every filter widget of the generic list receives. */
export interface FilterWidgetProps {
  filter: GenericFilter;
  /** The translated label of the filter. */
  label: string;
  values: FilterValues;
  /** The translated soft validation message, when the filter's input is invalid. */
  problem?: string | undefined;
  onChange: (param: string, value: FilterValue) => void;
}

export function stringValue(values: FilterValues, param: string | undefined): string {
  const value = param === undefined ? undefined : values[param];
  return typeof value === 'string' ? value : '';
}

export function listValue(values: FilterValues, param: string | undefined): readonly string[] {
  const value = param === undefined ? undefined : values[param];
  return Array.isArray(value) ? (value as readonly string[]) : [];
}
