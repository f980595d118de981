import Decimal from 'decimal.js';
import type { StoreFilters } from './storeState';

/** The largest amount the API takes: 15 whole digits (its exact decimals have 4 places). */
const MAX_WHOLE_DIGITS = 15;

/**
 * A typed amount as a decimal with at most 4 places (the API's precision), or null when it is
 * empty, not a number, negative or too large to be a price.
 */
export function parseAmount(text: string): Decimal | null {
  const trimmed = text.trim();
  if (trimmed === '' || !/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const amount = new Decimal(trimmed).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  return amount.truncated().toFixed().length > MAX_WHOLE_DIGITS ? null : amount;
}

/**
 * The soft validation of the value range (000 §5): when the upper bound is set and below the
 * lower bound, both inputs are invalid (message soft_validation_value_range) and neither is sent.
 */
export function isValueRangeInvalid(filters: Pick<StoreFilters, 'value_from' | 'value_to'>): boolean {
  const from = parseAmount(filters.value_from);
  const to = parseAmount(filters.value_to);
  return from !== null && to !== null && to.lessThan(from);
}

/** The catalogue filter parameters of GET /products and /public/webstore. */
export type FilterQuery = {
  text?: string;
  value_from?: string;
  value_to?: string;
  vendor?: number[];
  type?: number[];
};

/** Turns the filter panel's state into query parameters, leaving out what is unset or invalid. */
export function filtersToQuery(filters: StoreFilters): FilterQuery {
  const query: FilterQuery = {};
  const text = filters.text.trim();
  if (text) query.text = text;
  if (!isValueRangeInvalid(filters)) {
    const from = parseAmount(filters.value_from);
    const to = parseAmount(filters.value_to);
    // toFixed: never exponent notation, which the API would refuse.
    if (from) query.value_from = from.toFixed();
    if (to) query.value_to = to.toFixed();
  }
  if (filters.vendor.length > 0) query.vendor = [...filters.vendor];
  if (filters.type.length > 0) query.type = [...filters.type];
  return query;
}
