import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('formats pounds and euros with grouping and two decimals', () => {
    expect(formatMoney('1249.99', 'GBP')).toBe('£1,249.99');
    expect(formatMoney('5', 'EUR')).toBe('€5.00');
  });

  it('means price on request for a null amount', () => {
    expect(formatMoney(null, 'GBP')).toBeNull();
  });

  it('rounds half up on the decimal value, not on a binary float', () => {
    // 1.005 is 1.00499999… as a double, so float rounding would give 1.00.
    expect(formatMoney('1.005', 'GBP')).toBe('£1.01');
    expect(formatMoney('0.125', 'GBP')).toBe('£0.13');
  });

  it('keeps amounts beyond double precision exact', () => {
    expect(formatMoney('12345678901234567.89', 'GBP')).toBe('£12,345,678,901,234,567.89');
  });

  it('formats negative amounts', () => {
    expect(formatMoney('-10.5', 'GBP')).toBe('-£10.50');
  });

  it('uses the locale given', () => {
    expect(formatMoney('1249.99', 'EUR', 'fr-FR')).toMatch(/^1\s249,99\s€$/u);
  });

  it('rejects a value that is not a decimal', () => {
    expect(() => formatMoney('abc', 'GBP')).toThrow();
  });
});
