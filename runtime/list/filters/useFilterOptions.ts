import { useEffect, useState } from 'react';
import { fetchList, isAbortError } from '../../api/client';
import type { GenericFilter } from '../genericListConfig';
import { useOptionLabel } from './useOptionLabel';

export interface FilterOption {
  value: string;
  label: string;
}

/** The rows of an options call as choices; rows without the value property are skipped. */
export function optionsOfRows(rows: readonly Record<string, unknown>[], value: string, label: string): FilterOption[] {
  return rows.flatMap((row) => {
    const key = row[value];
    if (typeof key !== 'string' && typeof key !== 'number') return [];
    const text = row[label];
    return [{ value: String(key), label: typeof text === 'string' || typeof text === 'number' ? String(text) : String(key) }];
  });
}

/**
 * The choices of a checklist or select filter: the enum's values with their labels, or the rows of
 * the list call the spec names (`options_from`, such as the metrics account managers), loaded once.
 * A failed load leaves no choices rather than failing the list.
 */
export function useFilterOptions(filter: GenericFilter): FilterOption[] {
  const optionLabel = useOptionLabel(filter.enum);
  const source = filter.optionsFrom;
  const [loaded, setLoaded] = useState<FilterOption[]>([]);
  useEffect(() => {
    if (!source) return undefined;
    const controller = new AbortController();
    fetchList<Record<string, unknown>>(source.path, { per_page: source.perPage }, controller.signal)
      .then(({ rows }) => setLoaded(optionsOfRows(rows, source.value, source.label)))
      .catch((error: unknown) => {
        if (!isAbortError(error)) setLoaded([]);
      });
    return () => controller.abort();
  }, [source]);
  if (source) return loaded;
  return (filter.options ?? []).map((option) => ({ value: String(option), label: optionLabel(option) }));
}
