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

/** Where a filter's choices are loaded from: a list call (relative to /api/v1) and the row properties to use. */
export interface OptionsSource {
  readonly path: string;
  /** Without it the call's own page size applies. */
  readonly perPage?: number;
  readonly value: string;
  readonly label: string;
}

/**
 * The rows of a list call as choices, loaded once. A failed load leaves no choices rather than
 * failing the list; it is logged (000 §7), a cancelled one is not.
 */
export function useOptionsFrom(source: OptionsSource | undefined): FilterOption[] {
  const [loaded, setLoaded] = useState<FilterOption[]>([]);
  useEffect(() => {
    if (!source) return undefined;
    const controller = new AbortController();
    fetchList<Record<string, unknown>>(source.path, { per_page: source.perPage }, controller.signal)
      .then(({ rows }) => setLoaded(optionsOfRows(rows, source.value, source.label)))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        console.error(`Loading ${source.path} failed`, error);
        setLoaded([]);
      });
    return () => controller.abort();
  }, [source]);
  return loaded;
}

/**
 * The choices of a checklist or select filter: the enum's values with their labels, or the rows of
 * the list call the spec names (`options_from`, such as the metrics account managers).
 */
export function useFilterOptions(filter: GenericFilter): FilterOption[] {
  const optionLabel = useOptionLabel(filter.enum);
  const loaded = useOptionsFrom(filter.optionsFrom);
  if (filter.optionsFrom) return loaded;
  return (filter.options ?? []).map((option) => ({ value: String(option), label: optionLabel(option) }));
}
