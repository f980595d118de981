import { countryOptions, type CountryChoice } from './countryOptions';

interface Props {
  id?: string;
  value: string | null | undefined;
  countries: readonly CountryChoice[];
  onChange: (code: string | null) => void;
  label: string;
  testId: string;
  disabled?: boolean;
}

/**
 * The shared country select (000 §2.8): the priority countries first, separators between the
 * groups, "--" for none. A native select, so typing a country's first letters finds it.
 */
export function CountrySelect({ id, value, countries, onChange, label, testId, disabled }: Props) {
  const known = countries.some((country) => country.code === value);
  return (
    <select
      id={id}
      name={id}
      value={value ?? ''}
      aria-label={id ? undefined : label}
      data-testid={testId}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
    >
      <option value="">--</option>
      {/* A code the list does not hold (typed before the list existed) stays visible, not silently replaced. */}
      {value && !known && <option value={value}>{value}</option>}
      {countryOptions(countries).map((option, index) =>
        option === 'separator' ? (
          <option key={`separator-${index}`} disabled>
            ──────────
          </option>
        ) : (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ),
      )}
    </select>
  );
}
