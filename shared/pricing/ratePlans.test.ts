import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  chargeCost,
  defaultRatePlan,
  matchVolumeTier,
  numberOfTerms,
  planHasQuantityDrivenCharge,
  smallestVolumeTierStart,
  summariseRatePlan,
  toMoneyString,
} from './ratePlans';
import { costPrice, type ChargeCostLike as ChargeCost, type RatePlanChargeLike, type RatePlanLike } from './types';

// The catalogue's own shapes carry names and ids too; the rules must accept them.
type RatePlanCharge = RatePlanChargeLike & { id: number; name: string; unit_of_measure: string | null };
type RatePlan = RatePlanLike & { name: string };

function cost(
  price: string,
  currency: 'GBP' | 'EUR' = 'GBP',
  starting_unit: number | null = null,
  ending_unit: number | null = null,
): ChargeCost {
  return { currency, charge_cost_price: price, starting_unit, ending_unit };
}

function charge(partial: Partial<RatePlanCharge> & Pick<RatePlanCharge, 'charge_type' | 'charge_model'>): RatePlanCharge {
  return { id: 1, name: 'Charge', unit_of_measure: 'licence', rate_plan_charge_costs: [cost('10.00')], ...partial };
}

function plan(partial: Partial<RatePlan> = {}): RatePlan {
  return {
    id: 1,
    name: 'Plan',
    default: false,
    billing_frequency: 'MONTHLY',
    term_length: 12,
    min_quantity: null,
    max_quantity: null,
    rate_plan_charges: [],
    ...partial,
  };
}

const volumeCosts = [
  cost('9.00', 'GBP', 11, 50),
  cost('10.00', 'GBP', 1, 10),
  cost('8.00', 'GBP', 51, null),
  cost('12.00', 'EUR', 1, null),
];

describe('numberOfTerms', () => {
  it.each([
    ['MONTHLY', 12, '12'],
    ['MONTHLY', 36, '36'],
    ['ANNUALLY', 12, '1'],
    ['ANNUALLY', 36, '3'],
    ['TWO_YEARS', 24, '1'],
    ['TWO_YEARS', 48, '2'],
    ['THREE_YEARS', 36, '1'],
    ['THREE_YEARS', 72, '2'],
  ] as const)('%s over %i months is %s terms', (billing_frequency, term_length, expected) => {
    expect(numberOfTerms({ billing_frequency, term_length }).toString()).toBe(expected);
  });
});

describe('matchVolumeTier', () => {
  const gbp = volumeCosts.filter((c) => c.currency === 'GBP');
  it.each([
    [1, '10.00'],
    [10, '10.00'],
    [11, '9.00'],
    [50, '9.00'],
    [51, '8.00'],
    [100000, '8.00'],
    [0, undefined],
  ])('quantity %i falls in the tier priced %s', (quantity, expected) => {
    const tier = matchVolumeTier(gbp, quantity);
    expect(tier ? costPrice(tier) : undefined).toBe(expected);
  });
});

describe('chargeCost', () => {
  it.each([
    ['flat fee ignores quantity', charge({ charge_type: 'RECURRING', charge_model: 'FLAT_FEE' }), 'GBP', 7, '10'],
    [
      'per unit multiplies',
      charge({ charge_type: 'RECURRING', charge_model: 'PER_UNIT', rate_plan_charge_costs: [cost('2.35')] }),
      'GBP',
      3,
      '7.05',
    ],
    ['volume tier 1', charge({ charge_type: 'RECURRING', charge_model: 'VOLUME', rate_plan_charge_costs: volumeCosts }), 'GBP', 10, '100'],
    ['volume tier 2', charge({ charge_type: 'RECURRING', charge_model: 'VOLUME', rate_plan_charge_costs: volumeCosts }), 'GBP', 20, '180'],
    ['volume in EUR', charge({ charge_type: 'RECURRING', charge_model: 'VOLUME', rate_plan_charge_costs: volumeCosts }), 'EUR', 20, '240'],
    [
      'volume outside every tier',
      charge({ charge_type: 'RECURRING', charge_model: 'VOLUME', rate_plan_charge_costs: volumeCosts }),
      'GBP',
      0,
      null,
    ],
    ['no cost in currency', charge({ charge_type: 'ONE_OFF', charge_model: 'FLAT_FEE' }), 'EUR', 1, null],
    [
      'a public tier carries no price',
      charge({
        charge_type: 'RECURRING',
        charge_model: 'PER_UNIT',
        rate_plan_charge_costs: [{ currency: 'GBP', starting_unit: null, ending_unit: null }],
      }),
      'GBP',
      2,
      null,
    ],
    [
      'exact decimals',
      charge({ charge_type: 'ONE_OFF', charge_model: 'PER_UNIT', rate_plan_charge_costs: [cost('0.10')] }),
      'GBP',
      3,
      '0.3',
    ],
  ] as const)('%s', (_label, subject, currency, quantity, expected) => {
    const result = chargeCost(subject, currency, quantity);
    expect(result === null ? null : result.toString()).toBe(expected);
  });
});

describe('planHasQuantityDrivenCharge', () => {
  it.each([
    ['recurring per unit', 'RECURRING', 'PER_UNIT', true],
    ['recurring volume', 'RECURRING', 'VOLUME', true],
    ['one-off per unit', 'ONE_OFF', 'PER_UNIT', true],
    ['one-off volume', 'ONE_OFF', 'VOLUME', true],
    ['recurring flat fee', 'RECURRING', 'FLAT_FEE', false],
    ['usage per unit', 'USAGE', 'PER_UNIT', false],
    ['usage volume', 'USAGE', 'VOLUME', false],
  ] as const)('%s → %s', (_label, charge_type, charge_model, expected) => {
    expect(planHasQuantityDrivenCharge(plan({ rate_plan_charges: [charge({ charge_type, charge_model })] }))).toBe(expected);
  });
  it('a plan without charges has none', () => {
    expect(planHasQuantityDrivenCharge(plan())).toBe(false);
  });
});

describe('smallestVolumeTierStart', () => {
  it.each([
    ['volume tiers from 1', [charge({ charge_type: 'RECURRING', charge_model: 'VOLUME', rate_plan_charge_costs: volumeCosts })], 'GBP', 1],
    [
      'volume tiers from 5',
      [
        charge({
          charge_type: 'RECURRING',
          charge_model: 'VOLUME',
          rate_plan_charge_costs: [cost('3', 'GBP', 25, null), cost('4', 'GBP', 5, 24)],
        }),
      ],
      'GBP',
      5,
    ],
    [
      'only in another currency',
      [charge({ charge_type: 'RECURRING', charge_model: 'VOLUME', rate_plan_charge_costs: [cost('3', 'EUR', 5, null)] })],
      'GBP',
      null,
    ],
    ['no volume charge', [charge({ charge_type: 'RECURRING', charge_model: 'PER_UNIT' })], 'GBP', null],
  ] as const)('%s', (_label, rate_plan_charges, currency, expected) => {
    expect(smallestVolumeTierStart(plan({ rate_plan_charges: [...rate_plan_charges] }), currency)).toBe(expected);
  });
  it('no plan, no tiers', () => {
    expect(smallestVolumeTierStart(null, 'GBP')).toBeNull();
  });
});

describe('summariseRatePlan', () => {
  const recurringPerUnit = charge({
    charge_type: 'RECURRING',
    charge_model: 'PER_UNIT',
    rate_plan_charge_costs: [cost('5.00'), cost('6.00', 'EUR')],
  });
  const setupFee = charge({
    charge_type: 'ONE_OFF',
    charge_model: 'FLAT_FEE',
    rate_plan_charge_costs: [cost('25.00'), cost('30.00', 'EUR')],
  });
  const usage = charge({ charge_type: 'USAGE', charge_model: 'PER_UNIT', rate_plan_charge_costs: [cost('0.02')] });
  const annualFlat = charge({ charge_type: 'RECURRING', charge_model: 'FLAT_FEE', rate_plan_charge_costs: [cost('120.00')] });
  const str = (value: Decimal | null) => (value === null ? null : toMoneyString(value));

  it.each([
    [
      'monthly per unit × 2 over 12 months',
      plan({ rate_plan_charges: [recurringPerUnit] }),
      'GBP',
      2,
      { contractMonths: 12, totalValue: '120.00', monthlyCost: '10.00', annualTotal: '120.00', usageChargesApply: false },
    ],
    [
      'monthly with setup fee in EUR',
      plan({ term_length: 24, rate_plan_charges: [recurringPerUnit, setupFee] }),
      'EUR',
      1,
      { contractMonths: 24, totalValue: '174.00', monthlyCost: '6.00', annualTotal: '72.00', usageChargesApply: false },
    ],
    [
      'annual flat over 36 months',
      plan({ billing_frequency: 'ANNUALLY', term_length: 36, rate_plan_charges: [annualFlat] }),
      'GBP',
      1,
      { contractMonths: 36, totalValue: '360.00', monthlyCost: '10.00', annualTotal: '120.00', usageChargesApply: false },
    ],
    [
      'usage only',
      plan({ rate_plan_charges: [usage] }),
      'GBP',
      1,
      { contractMonths: 12, totalValue: null, monthlyCost: null, annualTotal: null, usageChargesApply: true },
    ],
    [
      'recurring plus usage',
      plan({ rate_plan_charges: [recurringPerUnit, usage] }),
      'GBP',
      1,
      { contractMonths: 12, totalValue: '60.00', monthlyCost: '5.00', annualTotal: '60.00', usageChargesApply: true },
    ],
    [
      'one-off only has no monthly cost',
      plan({ rate_plan_charges: [setupFee] }),
      'GBP',
      1,
      { contractMonths: 12, totalValue: '25.00', monthlyCost: null, annualTotal: null, usageChargesApply: false },
    ],
    [
      'an unpriced charge leaves totals unknown',
      plan({ rate_plan_charges: [recurringPerUnit, annualFlat] }),
      'EUR',
      1,
      { contractMonths: 12, totalValue: null, monthlyCost: null, annualTotal: null, usageChargesApply: false },
    ],
    [
      'three-yearly recurring gives a third per year',
      plan({
        billing_frequency: 'THREE_YEARS',
        term_length: 36,
        rate_plan_charges: [charge({ charge_type: 'RECURRING', charge_model: 'FLAT_FEE', rate_plan_charge_costs: [cost('100.00')] })],
      }),
      'GBP',
      1,
      { contractMonths: 36, totalValue: '100.00', monthlyCost: '2.78', annualTotal: '33.33', usageChargesApply: false },
    ],
  ] as const)('%s', (_label, subject, currency, quantity, expected) => {
    const summary = summariseRatePlan(subject, currency, quantity);
    expect({
      contractMonths: summary.contractMonths,
      totalValue: str(summary.totalValue),
      monthlyCost: str(summary.monthlyCost),
      annualTotal: str(summary.annualTotal),
      usageChargesApply: summary.usageChargesApply,
    }).toEqual(expected);
  });
});

describe('defaultRatePlan', () => {
  it.each([
    ['flagged default wins', [plan({ id: 1 }), plan({ id: 2, default: true })], 2],
    ['else the first', [plan({ id: 3 }), plan({ id: 4 })], 3],
    ['none', [], null],
  ] as const)('%s', (_label, plans, expected) => {
    expect(defaultRatePlan([...plans])?.id ?? null).toBe(expected);
  });
});

describe('toMoneyString', () => {
  it.each([
    ['1', '1.00'],
    ['2.005', '2.01'],
    ['33.333333', '33.33'],
    ['0.1', '0.10'],
  ])('%s → %s', (input, expected) => {
    expect(toMoneyString(new Decimal(input))).toBe(expected);
  });
});
