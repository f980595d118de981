import { useT } from '../i18n/useT';

interface PageSizeSelectProps {
  value: number;
  options: readonly number[];
  onChange: (perPage: number) => void;
  /** Where the screen styles it: the pager's own, or the store's toolbar control. */
  className?: string;
  selectClassName?: string;
  testId?: string;
}

/** The rows-per-page choice of a list: inside the pager, or in a screen's own toolbar (the store's). */
export function PageSizeSelect({ value, options, onChange, className, selectClassName, testId }: PageSizeSelectProps) {
  const t = useT();
  return (
    <label className={className}>
      {t('store.per_page')}
      <select className={selectClassName} value={value} data-testid={testId} onChange={(event) => onChange(Number(event.target.value))}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}
