import { describe, expect, it } from 'vitest';
import { filtersToQuery, isValueRangeInvalid, parseAmount } from './filterQuery';
import { EMPTY_FILTERS, type StoreFilters } from './storeState';

describe('parseAmount', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['12', '12'],
    ['12.50', '12.5'],
    [' 7 ', '7'],
    ['-1', null],
    ['1e3', null],
    ['abc', null],
    ['1.123456', '1.1235'],
    ['999999999999999', '999999999999999'],
    ['1000000000000000', null],
  ])('%j → %j', (text, expected) => {
    expect(parseAmount(text)?.toString() ?? null).toBe(expected);
  });
});

describe('isValueRangeInvalid', () => {
  it.each([
    ['', '', false],
    ['100', '', false],
    ['', '5', false],
    ['100', '200', false],
    ['100', '100', false],
    ['100', '99.99', true],
    ['0.3', '0.25', true],
    ['abc', '5', false],
  ])('from %j to %j → %s', (value_from, value_to, expected) => {
    expect(isValueRangeInvalid({ value_from, value_to })).toBe(expected);
  });
});

describe('filtersToQuery', () => {
  const cases: [string, Partial<StoreFilters>, ReturnType<typeof filtersToQuery>][] = [
    ['nothing set', {}, {}],
    ['text is trimmed', { text: '  ABC-1 ' }, { text: 'ABC-1' }],
    ['blank text left out', { text: '   ' }, {}],
    ['valid range sent', { value_from: '10', value_to: '250.5' }, { value_from: '10', value_to: '250.5' }],
    ['only a lower bound', { value_from: '10' }, { value_from: '10' }],
    [
      'more places than the API takes are rounded',
      { value_from: '0.00001', value_to: '12.345678' },
      { value_from: '0', value_to: '12.3457' },
    ],
    ['large amounts in plain digits, never exponent form', { value_to: '100000000000000000000000' }, {}],
    ['large but valid', { value_to: '123456789012345' }, { value_to: '123456789012345' }],
    ['inverted range not sent', { value_from: '300', value_to: '20', text: 'x' }, { text: 'x' }],
    ['lists sent with no-vendor / no-type ids', { vendor: [3, -1], type: [-1] }, { vendor: [3, -1], type: [-1] }],
  ];
  it.each(cases)('%s', (_label, partial, expected) => {
    expect(filtersToQuery({ ...EMPTY_FILTERS, ...partial })).toEqual(expected);
  });
});
