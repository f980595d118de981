import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { basketTotals } from './basketTotals';
import { priceLine, type LineChoice } from './lines';
import { percentOf, roundMoney, vatOn } from './money';
import type { ChargeModel, ChargeType, PricedProductLike, RatePlanLike } from './types';

// Worked examples of docs/buying.md "Pricing": every figure below was computed by hand.

function product(partial: Partial<PricedProductLike> = {}): PricedProductLike {
  return { id: 1, currency: 'GBP', price: '10.00', rrp: null, rate_plans: [], maintenance: [], provisioning: [], ...partial };
}

function charge(charge_type: ChargeType, charge_model: ChargeModel, costs: [string, number | null, number | null][]) {
  return {
    charge_type,
    charge_model,
    rate_plan_charge_costs: costs.map(([price, starting_unit, ending_unit]) => ({
      currency: 'GBP' as const,
      charge_cost_price: price,
      starting_unit,
      ending_unit,
    })),
  };
}

function plan(partial: Partial<RatePlanLike> = {}): RatePlanLike {
  return {
    id: 7,
    default: true,
    billing_frequency: 'MONTHLY',
    term_length: 12,
    min_quantity: null,
    max_quantity: null,
    rate_plan_charges: [],
    ...partial,
  };
}

const perUnitMonthly = plan({ rate_plan_charges: [charge('RECURRING', 'PER_UNIT', [['5.00', null, null]])] });
const volumeMonthly = plan({
  id: 8,
  min_quantity: 5,
  max_quantity: 100,
  rate_plan_charges: [
    charge('RECURRING', 'VOLUME', [
      ['10.00', 5, 10],
      ['9.00', 11, 50],
      ['8.00', 51, null],
    ]),
  ],
});
const annualWithSetup = plan({
  id: 9,
  billing_frequency: 'ANNUALLY',
  term_length: 36,
  rate_plan_charges: [
    charge('RECURRING', 'FLAT_FEE', [['120.00', null, null]]),
    charge('ONE_OFF', 'FLAT_FEE', [['25.00', null, null]]),
    charge('USAGE', 'PER_UNIT', [['0.02', null, null]]),
  ],
});
const threeYearPerUnit = plan({
  id: 10,
  billing_frequency: 'THREE_YEARS',
  term_length: 36,
  rate_plan_charges: [charge('RECURRING', 'PER_UNIT', [['99.99', null, null]])],
});
const maintained = product({
  price: '19.99',
  maintenance: [
    { id: 21, price: '5.00' },
    { id: 22, price: null },
  ],
  provisioning: [{ id: 31, price: '12.50' }],
});

const str = (value: Decimal | null) => (value === null ? null : value.toFixed(2));

describe('priceLine: figures', () => {
  it.each<[string, PricedProductLike, LineChoice, { unit: string | null; gross: string; discount: string; net: string }]>([
    ['list price × quantity', product(), { quantity: 3 }, { unit: '10.00', gross: '30.00', discount: '0.00', net: '30.00' }],
    [
      'sub-penny price rounds half up per line',
      product({ price: '0.0125' }),
      { quantity: 3 },
      { unit: '0.01', gross: '0.04', discount: '0.00', net: '0.04' },
    ],
    [
      'maintenance per unit',
      maintained,
      { quantity: 3, maintenanceId: 21 },
      { unit: '19.99', gross: '74.97', discount: '0.00', net: '74.97' },
    ],
    [
      'maintenance and provisioning per unit',
      maintained,
      { quantity: 2, maintenanceId: 21, provisioningId: 31 },
      { unit: '19.99', gross: '74.98', discount: '0.00', net: '74.98' },
    ],
    [
      '10 % discount to the penny',
      maintained,
      { quantity: 3, maintenanceId: 21, discount: '10' },
      { unit: '19.99', gross: '74.97', discount: '7.50', net: '67.47' },
    ],
    [
      '12.5 % discount',
      product({ price: '33.33' }),
      { quantity: 1, discount: '12.5' },
      { unit: '33.33', gross: '33.33', discount: '4.17', net: '29.16' },
    ],
    ['100 % discount', product(), { quantity: 2, discount: 100 }, { unit: '10.00', gross: '20.00', discount: '20.00', net: '0.00' }],
    [
      'monthly per unit over 12 months',
      product({ price: null, rate_plans: [perUnitMonthly] }),
      { quantity: 2 },
      { unit: '60.00', gross: '120.00', discount: '0.00', net: '120.00' },
    ],
    [
      'volume tier 1 (5–10)',
      product({ price: null, rate_plans: [volumeMonthly] }),
      { quantity: 10 },
      { unit: '120.00', gross: '1200.00', discount: '0.00', net: '1200.00' },
    ],
    [
      'volume tier 2 applies to every unit',
      product({ price: null, rate_plans: [volumeMonthly] }),
      { quantity: 20 },
      { unit: '108.00', gross: '2160.00', discount: '0.00', net: '2160.00' },
    ],
    [
      'open top tier',
      product({ price: null, rate_plans: [volumeMonthly] }),
      { quantity: 60 },
      { unit: '96.00', gross: '5760.00', discount: '0.00', net: '5760.00' },
    ],
    [
      'annual flat × 3 terms + set-up, usage left out',
      product({ price: null, rate_plans: [annualWithSetup] }),
      { quantity: 1 },
      { unit: '385.00', gross: '385.00', discount: '0.00', net: '385.00' },
    ],
    [
      'three-yearly per unit is one term',
      product({ price: null, rate_plans: [threeYearPerUnit] }),
      { quantity: 3, discount: '1.6669' },
      { unit: '99.99', gross: '299.97', discount: '5.00', net: '294.97' },
    ],
  ])('%s', (_label, subject, choice, expected) => {
    const line = priceLine(subject, choice);
    expect(line.problems).toEqual([]);
    expect({ unit: str(line.unitPrice), gross: str(line.gross), discount: str(line.discountAmount), net: str(line.net) }).toEqual(expected);
  });

  it('takes the chosen plan over the default', () => {
    const line = priceLine(product({ price: null, rate_plans: [perUnitMonthly, volumeMonthly] }), { quantity: 5, ratePlanId: 8 });
    expect(line.plan?.id).toBe(8);
    expect(str(line.net)).toBe('600.00');
  });
});

describe('priceLine: problems', () => {
  const codes = (subject: PricedProductLike, choice: LineChoice) =>
    priceLine(subject, choice).problems.map((problem) => `${problem.field}:${problem.code}`);
  it.each<[string, PricedProductLike, LineChoice, string[]]>([
    ['zero', product(), { quantity: 0 }, ['quantity:quantity_below_one']],
    ['fraction', product(), { quantity: 1.5 }, ['quantity:quantity_below_one']],
    ['below the plan minimum', product({ price: null, rate_plans: [volumeMonthly] }), { quantity: 4 }, ['quantity:min_quantity_tooltip']],
    ['above the plan maximum', product({ price: null, rate_plans: [volumeMonthly] }), { quantity: 101 }, ['quantity:max_quantity_tooltip']],
    [
      'below the smallest volume tier',
      product({ price: null, rate_plans: [plan({ rate_plan_charges: volumeMonthly.rate_plan_charges })] }),
      { quantity: 3 },
      ['quantity:min_quantity_tooltip'],
    ],
    [
      'locked plan (flat fee only) must stay at its start',
      product({ price: null, rate_plans: [annualWithSetup] }),
      { quantity: 2 },
      ['quantity:quantity_locked'],
    ],
    ['price on request without a plan', product({ price: null }), { quantity: 1 }, ['product:no_price']],
    ['unknown plan', product({ rate_plans: [perUnitMonthly] }), { quantity: 1, ratePlanId: 99 }, ['selected_rate_plan:unknown_value']],
    ['maintenance required when offered', maintained, { quantity: 1 }, ['maintenance_product:maintenance_required']],
    ['unknown maintenance', maintained, { quantity: 1, maintenanceId: 99 }, ['maintenance_product:unknown_value']],
    ['maintenance on request', maintained, { quantity: 1, maintenanceId: 22 }, ['maintenance_product:no_price']],
    ['unknown provisioning', maintained, { quantity: 1, maintenanceId: 21, provisioningId: 99 }, ['prov_product:unknown_value']],
    ['discount above 100', product(), { quantity: 1, discount: '100.01' }, ['discount:discount_out_of_range']],
    ['negative markup', product({ rrp: '12.00' }), { quantity: 1, markup: '-1' }, ['markup:min_margin_tooltip']],
    ['markup above the RRP', product({ rrp: '12.00' }), { quantity: 1, markup: '20.0001' }, ['markup:max_margin_tooltip']],
  ])('%s', (_label, subject, choice, expected) => {
    expect(codes(subject, choice)).toEqual(expected);
  });
});

describe('priceLine: markup and margins', () => {
  it.each<[string, PricedProductLike, LineChoice, { rrp: string | null; max: string | null; endUser: string; margin: string }]>([
    [
      'RRP 25 % above the buy price',
      product({ price: '100.00', rrp: '125.00' }),
      { quantity: 2, markup: '10' },
      { rrp: '250.00', max: '25', endUser: '220.00', margin: '20.00' },
    ],
    [
      'markup at the maximum reaches the RRP',
      product({ price: '100.00', rrp: '125.00' }),
      { quantity: 1, markup: '25' },
      { rrp: '125.00', max: '25', endUser: '125.00', margin: '25.00' },
    ],
    [
      'non-terminating maximum is cut at 4 places',
      product({ price: '30.00', rrp: '100.00' }),
      { quantity: 1 },
      { rrp: '100.00', max: '233.3333', endUser: '30.00', margin: '0.00' },
    ],
    ['no RRP, no ceiling', product(), { quantity: 1, markup: '500' }, { rrp: null, max: null, endUser: '60.00', margin: '50.00' }],
    [
      'RRP below the price allows no markup',
      product({ price: '10.00', rrp: '9.00' }),
      { quantity: 1 },
      { rrp: '9.00', max: '0', endUser: '10.00', margin: '0.00' },
    ],
  ])('%s', (_label, subject, choice, expected) => {
    const line = priceLine(subject, choice);
    expect({
      rrp: str(line.rrpTotal),
      max: line.maxMarkup?.toString() ?? null,
      endUser: str(line.endUserTotal),
      margin: str(line.marginAmount),
    }).toEqual(expected);
  });
});

describe('basketTotals', () => {
  it('sums the lines and takes VAT once on goods and shipping', () => {
    const lines = [priceLine(maintained, { quantity: 3, maintenanceId: 21, discount: '10' }), priceLine(product(), { quantity: 3 })];
    const totals = basketTotals(lines, new Decimal('4.99'));
    expect({
      subtotal: str(totals.subtotal),
      discount: str(totals.discount),
      shipping: str(totals.shipping),
      vat: str(totals.vat),
      total: str(totals.total),
    }).toEqual({ subtotal: '97.47', discount: '7.50', shipping: '4.99', vat: '20.49', total: '122.95' });
  });
  it('an empty basket is all zero', () => {
    const totals = basketTotals([]);
    expect([totals.subtotal, totals.vat, totals.total].map(str)).toEqual(['0.00', '0.00', '0.00']);
  });
  it('the end user subtotal adds the markups', () => {
    const lines = [
      priceLine(product({ price: '100.00', rrp: '125.00' }), { quantity: 1, markup: '12.5' }),
      priceLine(product(), { quantity: 1 }),
    ];
    expect(str(basketTotals(lines).endUserSubtotal)).toBe('122.50');
  });
});

describe('money', () => {
  it.each([
    ['10.05', '2.01'],
    ['0.13', '0.03'],
    ['0.02', '0.00'],
    ['12.34', '2.47'],
    ['0.025', '0.01'],
  ])('VAT on %s is %s', (amount, expected) => {
    expect(str(vatOn(new Decimal(amount)))).toBe(expected);
  });
  it.each([
    ['2.005', '2.01'],
    ['2.0049', '2.00'],
    ['-2.005', '-2.01'],
  ])('%s rounds to %s', (amount, expected) => {
    expect(str(roundMoney(new Decimal(amount)))).toBe(expected);
  });
  it('a percentage of an amount', () => {
    expect(str(percentOf(new Decimal('74.97'), '10'))).toBe('7.50');
  });
});
