import Decimal from 'decimal.js';
import type { Query } from '../api/query';
import type { MessageKey } from '../generated/messages';
import type { GenericFilter } from './genericListConfig';

/** What the filter widgets hold, by query parameter: text for inputs and selects, lists for checklists. */
export type FilterValue = string | readonly string[];
export type FilterValues = Readonly<Record<string, FilterValue>>;

const RANGE_WIDGETS = new Set(['date_range', 'value_range', 'number_range']);

export function isRangeFilter(filter: GenericFilter): boolean {
  return RANGE_WIDGETS.has(filter.widget);
}

/** One key per filter, for React keys and problem lookups. */
export function filterKey(filter: GenericFilter): string {
  return filter.name ?? filter.params.join(',');
}

/** Where a single-value widget keeps its value: the choice filter's name, else its parameter. */
export function valueKey(filter: GenericFilter): string {
  return filter.name ?? filter.params[0]!;
}

/** The starting value of a filter: the preset of a URL flag the page was opened with, else its default. */
function startingValue(filter: GenericFilter, flags: ReadonlySet<string>): unknown {
  const flag = Object.keys(filter.presets ?? {}).find((name) => flags.has(name));
  return flag === undefined ? filter.default : filter.presets![flag];
}

/**
 * The widgets' starting values: the spec's default where given, otherwise empty. `flags` are the
 * query flags of the page's URL; a filter with a preset for one starts at it (001 §2 pending_auth).
 */
export function initialFilterValues(filters: readonly GenericFilter[], flags: ReadonlySet<string> = new Set()): FilterValues {
  const values: Record<string, FilterValue> = {};
  for (const plain of filters) {
    const filter = { ...plain, default: startingValue(plain, flags) };
    if (filter.widget === 'checklist') {
      values[filter.params[0]!] = Array.isArray(filter.default) ? filter.default.map(String) : [];
    } else if (isRangeFilter(filter)) {
      const defaults = Array.isArray(filter.default) ? filter.default : [];
      filter.params.forEach((param, i) => (values[param] = defaults[i] === undefined || defaults[i] === null ? '' : String(defaults[i])));
    } else {
      values[valueKey(filter)] = filter.default === undefined || filter.default === null ? '' : String(filter.default);
    }
  }
  return values;
}

function text(values: FilterValues, param: string | undefined): string {
  const value = param === undefined ? undefined : values[param];
  return typeof value === 'string' ? value.trim() : '';
}

function decimalOrNull(value: string): Decimal | null {
  try {
    return new Decimal(value);
  } catch {
    return null;
  }
}

/**
 * The soft validation of a range (000 §9): an end date before the start, or an upper value
 * below the lower one, marks both inputs invalid. Money ranges compare exactly with decimal.js.
 */
export function rangeProblem(filter: GenericFilter, values: FilterValues): MessageKey | null {
  if (!isRangeFilter(filter)) return null;
  const lower = text(values, filter.params[0]);
  const upper = text(values, filter.params[1]);
  if (!lower || !upper) return null;
  if (filter.widget === 'date_range') return upper < lower ? 'soft_validation_date_range' : null;
  const low = decimalOrNull(lower);
  const high = decimalOrNull(upper);
  return low && high && high.lessThan(low) ? 'soft_validation_value_range' : null;
}

/** The problems of the current values, by filterKey. */
export function filterProblems(filters: readonly GenericFilter[], values: FilterValues): Readonly<Record<string, MessageKey>> {
  const problems: Record<string, MessageKey> = {};
  for (const filter of filters) {
    const problem = rangeProblem(filter, values);
    if (problem) problems[filterKey(filter)] = problem;
  }
  return problems;
}

/**
 * The query parameters the values stand for. Every parameter of every filter has a key (empty
 * ones undefined, which serializeQuery leaves out), so merging this into the list controller's
 * filters also clears what was emptied. An invalid range sends neither bound.
 */
export function filterQuery(filters: readonly GenericFilter[], values: FilterValues): Query {
  const query: Record<string, Query[string]> = {};
  for (const filter of filters) {
    if (filter.choices) {
      // The chosen option's parameters; the ones it does not set are cleared.
      const chosen = text(values, filter.name);
      const set = chosen ? filter.choices[chosen] : undefined;
      for (const param of filter.params) query[param] = set?.[param] === undefined ? undefined : String(set[param]);
      continue;
    }
    const invalid = rangeProblem(filter, values) !== null;
    for (const param of filter.params) {
      const value = values[param];
      if (invalid || value === undefined) query[param] = undefined;
      else if (typeof value === 'string') query[param] = value.trim() || undefined;
      else query[param] = value.length > 0 ? [...value] : undefined;
    }
  }
  return query;
}
