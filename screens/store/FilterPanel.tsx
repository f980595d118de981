import type { ReactNode } from 'react';
import { useT } from '../../runtime/i18n/useT';
import { Checklist } from './Checklist';
import type { StoreFilters } from './storeState';
import type { FilterOptions } from './useFilterOptions';
import { ValueRangeFilter } from './ValueRangeFilter';

/** The id the API reads as "no vendor" / "no type" (api contract). */
export const NONE_ID = -1;

interface FilterPanelProps {
  filters: StoreFilters;
  valueRangeInvalid: boolean;
  options: FilterOptions;
  onChange: (change: Partial<StoreFilters>) => void;
  onClear: () => void;
  /** Either checklist can be hidden (000 §2.3). */
  showVendors?: boolean;
  showTypes?: boolean;
  /** Extra filters above the common ones, e.g. the public store's currency. */
  children?: ReactNode;
}

/** The left filter panel of the store (000 §2.3): product SKU text, value range, vendors, types, clear. */
export function FilterPanel({ filters, valueRangeInvalid, options, onChange, onClear, showVendors = true, showTypes = true, children }: FilterPanelProps) {
  const t = useT();
  return (
    <aside className="store-filters" aria-label={t('store.filters')} data-testid="filter-panel">
      <h2 className="store-filters__title">{t('store.filters')}</h2>
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
          items={[{ id: NONE_ID, label: t('store.no_vendor') }, ...options.vendors.map(({ id, name }) => ({ id, label: name }))]}
          selected={filters.vendor}
          onChange={(vendor) => onChange({ vendor })}
        />
      )}
      {showTypes && (
        <Checklist
          title={t('store.type')}
          testId="type-filter"
          items={[{ id: NONE_ID, label: t('store.no_type') }, ...options.types.map(({ id, name }) => ({ id, label: name }))]}
          selected={filters.type}
          onChange={(type) => onChange({ type })}
        />
      )}
      <button type="button" className="button button--link" data-testid="clear-filters" onClick={onClear}>
        {t('store.clear_filters')}
      </button>
    </aside>
  );
}
