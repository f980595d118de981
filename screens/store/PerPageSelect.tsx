import { useT } from '../../runtime/i18n/useT';
import { PER_PAGE_OPTIONS } from './storeState';

interface PerPageSelectProps {
  value: number;
  onChange: (perPage: number) => void;
}

/** The per-page dropdown: 24, 48 or 96 products (000 §9). */
export function PerPageSelect({ value, onChange }: PerPageSelectProps) {
  const t = useT();
  return (
    <label className="store-toolbar__control">
      {t('store.per_page')}
      <select className="store-input" value={value} data-testid="per-page-select" onChange={(event) => onChange(Number(event.target.value))}>
        {PER_PAGE_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}
