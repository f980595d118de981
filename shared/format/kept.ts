/** How many values a store keeps; past it, it starts again (the keys are few: languages, zones, currencies). */
const KEPT_VALUES = 200;

/**
 * `make()` kept in `store` under `key`, made on first use. For Intl formatters: making one costs
 * a hundred times what formatting with it does (docs/performance.md, "Dates"), and a list or an
 * export formats a value per row. A `make` that throws (an unknown time zone) keeps nothing.
 */
export function kept<Value>(store: Map<string, Value>, key: string, make: () => Value): Value {
  let value = store.get(key);
  if (value === undefined) {
    if (store.size >= KEPT_VALUES) store.clear();
    value = make();
    store.set(key, value);
  }
  return value;
}
