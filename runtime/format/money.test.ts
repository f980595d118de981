import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../i18n/i18n';
import { formatMoney, formatUnitPrice } from './money';

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

describe('money follows the interface language', () => {
  afterEach(async () => await switchLanguage('en'));

  // Intl separates the amount from the sign with a no-break space in some locales.
  const plain = (text: string | null) => text?.replace(/\s/gu, ' ');

  it.each([
    ['de-DE', '1.249,99 £', '-1.249,50 €'],
    ['en-GB', '£1,249.99', '-€1,249.50'],
    ['es-ES', '1249,99 GBP', '-1249,50 €'],
    ['fr-FR', '1 249,99 £GB', '-1 249,50 €'],
    ['it-IT', '1249,99 £', '-1249,50 €'],
    ['nl-NL', '£ 1.249,99', '€ -1.249,50'],
  ])('%s: %s and %s', (locale, pounds, euros) => {
    expect(plain(formatMoney('1249.99', 'GBP', locale))).toBe(pounds);
    expect(plain(formatMoney('-1249.5', 'EUR', locale))).toBe(euros);
  });

  it('takes the current language when none is given (en is en-GB)', async () => {
    await switchLanguage('de');
    expect(plain(formatMoney('1249.99', 'GBP'))).toBe('1.249,99 £');
    await switchLanguage('en');
    expect(formatMoney('1249.99', 'GBP')).toBe('£1,249.99');
  });
});

describe('formatUnitPrice', () => {
  it('shows a unit price at its own precision (issue 22 item 17: 0.015 a minute was shown as £0.02)', () => {
    expect(formatUnitPrice('0.015', 'GBP', 'en-GB')).toBe('£0.015');
    expect(formatUnitPrice('0.0125', 'GBP', 'en-GB')).toBe('£0.0125');
  });

  it('keeps the minor unit, drops zeros beyond it and rounds past four decimals half up', () => {
    expect(formatUnitPrice('3.2', 'GBP', 'en-GB')).toBe('£3.20');
    expect(formatUnitPrice('0.0400', 'GBP', 'en-GB')).toBe('£0.04');
    expect(formatUnitPrice('0.00005', 'GBP', 'en-GB')).toBe('£0.0001');
  });

  it('writes the locale’s separators', () => {
    expect(formatUnitPrice('0.015', 'EUR', 'de-DE')).toMatch(/^0,015\s€$/u);
    expect(formatUnitPrice(null, 'GBP')).toBeNull();
  });
});
