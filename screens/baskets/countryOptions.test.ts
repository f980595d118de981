import { expect, it } from 'vitest';
import { countryOptions } from './countryOptions';

it('lists countries by priority, each group by name, with a separator between groups', () => {
  const options = countryOptions([
    { code: 'US', name: 'United States', priority: 1 },
    { code: 'IE', name: 'Ireland', priority: 2 },
    { code: 'AR', name: 'Argentina', priority: 0 },
    { code: 'GB', name: 'United Kingdom', priority: 2 },
    { code: 'DE', name: 'Germany', priority: 1 },
  ]);
  expect(options.map((option) => (option === 'separator' ? '--' : option.code))).toEqual(['IE', 'GB', '--', 'DE', 'US', '--', 'AR']);
  expect(countryOptions([])).toEqual([]);
});
