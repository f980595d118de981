import { useT } from '../../runtime/i18n/useT';
import { isSortBy, SORT_OPTIONS, type SortBy } from './storeState';

interface SortSelectProps {
  value: SortBy;
  onChange: (sort: SortBy) => void;
}

/** The sort-by dropdown (000 §9: most popular, name A–Z / Z–A, price high–low / low–high). */
export function SortSelect({ value, onChange }: SortSelectProps) {
  const t = useT();
  return (
    <label className="store-toolbar__control">
      {t('store.sort_by')}
      <select
        className="store-input"
        value={value}
        data-testid="sort-select"
        onChange={(event) => {
          if (isSortBy(event.target.value)) onChange(event.target.value);
        }}
      >
        {SORT_OPTIONS.map((sort) => (
          <option key={sort} value={sort}>
            {t(`store.sort.${sort}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
