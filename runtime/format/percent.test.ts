import { describe, expect, it } from 'vitest';
import { formatPercent } from './percent';

describe('formatPercent', () => {
  it('writes percent points as the language writes percentages (issue 22 item 17: French showed "0.00")', () => {
    expect(formatPercent('0.00', 'en-GB')).toBe('0%');
    expect(formatPercent('12.50', 'en-GB')).toBe('12.5%');
    expect(formatPercent('12.50', 'fr-FR')).toMatch(/^12,5\s%$/u);
    expect(formatPercent('0.00', 'fr-FR')).toMatch(/^0\s%$/u);
    expect(formatPercent('7.25', 'de-DE')).toMatch(/^7,25\s%$/u);
  });

  it('is exact past a float and answers null for none', () => {
    expect(formatPercent('33.335', 'en-GB')).toBe('33.34%');
    expect(formatPercent(null)).toBeNull();
  });
});
