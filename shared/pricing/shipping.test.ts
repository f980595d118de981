import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  convertWeight,
  isShippable,
  matchBand,
  offeredInCountry,
  shippingCost,
  shippingOptions,
  type ShippingLine,
  type ShippingRule,
} from './shipping';

const rule = (over: Partial<ShippingRule>): ShippingRule => ({
  id: 1,
  rate_type: 'FLAT',
  rate: '10.00',
  weight_unit: null,
  min_cost: null,
  max_cost: null,
  countries: [],
  exclude_countries: false,
  shipping_prices: [],
  ...over,
});
const line = (over: Partial<ShippingLine>): ShippingLine => ({
  quantity: 1,
  ship_cost: null,
  weight: null,
  weight_unit: null,
  is_shippable: true,
  ...over,
});

describe('000 §9 weight conversions, each pair as the document gives it', () => {
  it.each([
    ['1', 'KILOGRAMS', 'GRAMS', '1000'],
    ['1500', 'GRAMS', 'KILOGRAMS', '1.5'],
    ['1', 'POUNDS', 'GRAMS', '454'],
    ['1', 'OUNCES', 'GRAMS', '28.35'],
    ['2', 'KILOGRAMS', 'POUNDS', '4.41'],
    ['1', 'KILOGRAMS', 'OUNCES', '35.274'],
    ['1', 'POUNDS', 'OUNCES', '16'],
    ['8', 'OUNCES', 'POUNDS', '0.5'],
    ['4.41', 'POUNDS', 'KILOGRAMS', '2'],
    ['70.548', 'OUNCES', 'KILOGRAMS', '2'],
    ['908', 'GRAMS', 'POUNDS', '2'],
    ['3', 'GRAMS', 'GRAMS', '3'],
  ] as const)('%s %s = %s %s', (value, from, to, expected) => {
    expect(convertWeight(value, from, to).toString()).toBe(new Decimal(expected).toString());
  });
});

describe('000 §9 shipping cost per rate type', () => {
  it.each<[string, ShippingRule, ShippingLine[], string | null]>([
    ['FLAT is the rate whatever the quantity', rule({ rate: '12.50' }), [line({ quantity: 7 })], '12.50'],
    ['FLAT below min_cost is raised to it', rule({ rate: '3.00', min_cost: '5.00' }), [line({})], '5.00'],
    ['FLAT above max_cost is lowered to it', rule({ rate: '30.00', max_cost: '20.00' }), [line({})], '20.00'],
    [
      'BY_ITEM uses the product ship_cost per unit',
      rule({ rate_type: 'BY_ITEM', rate: '2.00' }),
      [line({ quantity: 3, ship_cost: '4.25' })],
      '12.75',
    ],
    ['BY_ITEM falls back to rate × quantity', rule({ rate_type: 'BY_ITEM', rate: '2.00' }), [line({ quantity: 3 })], '6.00'],
    [
      'BY_ITEM mixes both and skips non-shippable lines',
      rule({ rate_type: 'BY_ITEM', rate: '1.10' }),
      [line({ quantity: 2, ship_cost: '0.333' }), line({ quantity: 5 }), line({ quantity: 9, is_shippable: false })],
      '6.17',
    ],
    ['BY_ITEM clamped to max_cost', rule({ rate_type: 'BY_ITEM', rate: '5.00', max_cost: '40.00' }), [line({ quantity: 100 })], '40.00'],
    [
      'nothing shippable costs nothing, min_cost not applied',
      rule({ rate: '9.99', min_cost: '5.00' }),
      [line({ is_shippable: false })],
      '0.00',
    ],
    ['zero-quantity lines ship nothing', rule({ rate_type: 'BY_ITEM', rate: '5.00' }), [line({ quantity: 0 })], '0.00'],
  ])('%s', (_name, shippingRule, lines, expected) => {
    expect(shippingCost(shippingRule, lines)).toBe(expected);
  });
});

describe('000 §9 BY_WEIGHT_TABLE', () => {
  const table = rule({
    rate_type: 'BY_WEIGHT_TABLE',
    rate: null,
    weight_unit: 'KILOGRAMS',
    shipping_prices: [
      { min_weight: '5', max_weight: '20', rate: '15.00' },
      { min_weight: '0', max_weight: '5', rate: '7.50' },
      { min_weight: '20', max_weight: null, rate: '40.00' },
    ],
  });
  it.each<[string, ShippingLine[], string | null]>([
    ['2 × 1.2 kg falls in the first band', [line({ quantity: 2, weight: '1.2', weight_unit: 'KILOGRAMS' })], '7.50'],
    ['exactly 5 kg takes the lower band', [line({ quantity: 5, weight: '1000', weight_unit: 'GRAMS' })], '7.50'],
    ['5.001 kg takes the next band', [line({ quantity: 1, weight: '5001', weight_unit: 'GRAMS' })], '15.00'],
    ['pounds are converted: 12 lb = 5.442 kg', [line({ quantity: 12, weight: '1', weight_unit: 'POUNDS' })], '15.00'],
    ['ounces are converted: 176.37 oz = 5 kg', [line({ quantity: 1, weight: '176.37', weight_unit: 'OUNCES' })], '7.50'],
    ['the open top band holds any weight above it', [line({ quantity: 1000, weight: '3', weight_unit: 'KILOGRAMS' })], '40.00'],
    ['a weight without unit is in the table unit', [line({ quantity: 1, weight: '6' })], '15.00'],
    ['lines without weight weigh nothing', [line({ quantity: 3 })], '7.50'],
    [
      'mixed units add up: 3 kg + 4 lb (1.814 kg) = 4.814 kg',
      [line({ weight: '3', weight_unit: 'KILOGRAMS' }), line({ quantity: 4, weight: '16', weight_unit: 'OUNCES' })],
      '7.50',
    ],
  ])('%s', (_name, lines, expected) => {
    expect(shippingCost(table, lines)).toBe(expected);
  });

  it('a weight no band holds cannot be priced (no open top band)', () => {
    const closed = rule({ ...table, shipping_prices: [{ min_weight: '0', max_weight: '5', rate: '7.50' }] });
    expect(shippingCost(closed, [line({ weight: '6', weight_unit: 'KILOGRAMS' })])).toBeNull();
  });

  it('a weight-table cost is clamped too', () => {
    expect(shippingCost(rule({ ...table, min_cost: '10.00' }), [line({ weight: '1' })])).toBe('10.00');
    expect(shippingCost(rule({ ...table, max_cost: '30.00' }), [line({ weight: '100' })])).toBe('30.00');
  });

  it('matchBand sorts bands by their lower bound', () => {
    expect(matchBand(table.shipping_prices, new Decimal(20))?.rate).toBe('15.00');
    expect(matchBand(table.shipping_prices, new Decimal('20.0001'))?.rate).toBe('40.00');
  });
});

describe('000 §5 shipping options by country', () => {
  const everywhere = rule({ id: 1 });
  const ukOnly = rule({ id: 2, countries: ['GB'] });
  const notIreland = rule({ id: 3, countries: ['IE', 'FR'], exclude_countries: true });
  const heavy = rule({
    id: 4,
    rate_type: 'BY_WEIGHT_TABLE',
    weight_unit: 'KILOGRAMS',
    shipping_prices: [{ min_weight: '0', max_weight: '1', rate: '5.00' }],
  });

  it.each([
    ['GB', [1, 2, 3, 4]],
    ['gb', [1, 2, 3, 4]],
    ['IE', [1, 4]],
    ['DE', [1, 3, 4]],
  ] as const)('in %s', (country, ids) => {
    expect(
      shippingOptions([everywhere, ukOnly, notIreland, heavy], country, [line({ weight: '0.5' })]).map((option) => option.rule.id),
    ).toEqual(ids);
  });

  it('a type that cannot price the basket is not offered; none left is no_shipping', () => {
    expect(shippingOptions([heavy], 'GB', [line({ weight: '2' })])).toEqual([]);
  });

  it('a listed type is not offered before a country is chosen, an exclusion list neither', () => {
    expect(offeredInCountry(ukOnly, null)).toBe(false);
    expect(offeredInCountry(notIreland, '')).toBe(false);
    expect(offeredInCountry(everywhere, null)).toBe(true);
  });

  it('a basket is shippable when a line with a quantity is', () => {
    expect(isShippable([line({ is_shippable: false }), line({ quantity: 0 })])).toBe(false);
    expect(isShippable([line({ is_shippable: false }), line({})])).toBe(true);
  });
});
