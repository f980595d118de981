import type { ReactNode } from 'react';
import { useT } from '../../runtime/i18n/useT';
import { FilterPanelFrame } from '../../runtime/list/filters/FilterPanelFrame';
import { useOptionsFrom, type FilterOption, type OptionsSource } from '../../runtime/list/filters/useFilterOptions';
import { Checklist } from './Checklist';
import type { StoreFilters } from './storeState';
import { ValueRangeFilter } from './ValueRangeFilter';

/** The id the API reads as "no vendor" / "no type" (api contract). */
export const NONE_ID = -1;

interface FilterPanelProps {
  filters: StoreFilters;
  valueRangeInvalid: boolean;
  onChange: (change: Partial<StoreFilters>) => void;
  onClear: () => void;
  /** Either checklist can be hidden (000 §2.3). */
  showVendors?: boolean;
  showTypes?: boolean;
  /** Extra filters above the common ones, e.g. the public store's currency. */
  children?: ReactNode;
}

/** The vendor and product-type checklists' choices (GET /vendors, /product_types; public). */
const VENDORS: OptionsSource = { path: '/vendors', value: 'id', label: 'name' };
const TYPES: OptionsSource = { path: '/product_types', value: 'id', label: 'name' };

/** A checklist's items: 'none' (the API's -1) first, then the loaded choices. */
function checklistItems(noneLabel: string, options: readonly FilterOption[]) {
  return [{ id: NONE_ID, label: noneLabel }, ...options.map(({ value, label }) => ({ id: Number(value), label }))];
}

/**
 * The store's widgets (000 §2.3: product SKU text, value range, vendors, types) in the runtime's
 * filter panel frame, with its clear link. A missing checklist narrows nothing; the rest works.
 */
export function FilterPanel({
  filters,
  valueRangeInvalid,
  onChange,
  onClear,
  showVendors = true,
  showTypes = true,
  children,
}: FilterPanelProps) {
  const t = useT();
  const vendors = useOptionsFrom(showVendors ? VENDORS : undefined);
  const types = useOptionsFrom(showTypes ? TYPES : undefined);
  return (
    <FilterPanelFrame className="store-filters" testId="filter-panel" onClear={onClear}>
      {children}
      <label className="store-filter">
        {t('store.filter_text')}
        <input
          className="store-input"
          type="search"
          maxLength={255}
          value={filters.text}
          data-testid="filter-text"
          onChange={(event) => onChange({ text: event.target.value })}
        />
      </label>
      <ValueRangeFilter from={filters.value_from} to={filters.value_to} invalid={valueRangeInvalid} onChange={onChange} />
      {showVendors && (
        <Checklist
          title={t('store.vendor')}
          testId="vendor-filter"
          items={checklistItems(t('store.no_vendor'), vendors)}
          selected={filters.vendor}
          onChange={(vendor) => onChange({ vendor })}
        />
      )}
      {showTypes && (
        <Checklist
          title={t('store.type')}
          testId="type-filter"
          items={checklistItems(t('store.no_type'), types)}
          selected={filters.type}
          onChange={(type) => onChange({ type })}
        />
      )}
    </FilterPanelFrame>
  );
}
