/** A country as GET /country_codes answers it (000 §3 Country: id, name, priority). */
export interface CountryChoice {
  code: string;
  name: string;
  priority: number;
}

export type CountryOption = { code: string; name: string } | 'separator';

/**
 * 000 §2.8 "a country select grouped by priority with separators": the highest priority first,
 * each group by name, a separator between groups.
 */
export function countryOptions(countries: readonly CountryChoice[]): CountryOption[] {
  const sorted = [...countries].sort((a, b) => b.priority - a.priority || a.name.localeCompare(b.name));
  const options: CountryOption[] = [];
  sorted.forEach((country, index) => {
    const previous = sorted[index - 1];
    if (previous && previous.priority !== country.priority) options.push('separator');
    options.push({ code: country.code, name: country.name });
  });
  return options;
}
