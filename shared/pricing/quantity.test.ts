import { describe, expect, it } from 'vitest';
import { initialQuantity, isQuantityLocked, normaliseQuantity, quantityForPlan, quantityProblem } from './quantity';
import type { RatePlanChargeLike, RatePlanLike } from './types';

type RatePlanCharge = RatePlanChargeLike & { id: number; name: string; unit_of_measure: string | null };
type RatePlan = RatePlanLike & { name: string };

function charge(charge_type: RatePlanCharge['charge_type'], charge_model: RatePlanCharge['charge_model']): RatePlanCharge {
  return { id: 1, name: 'c', charge_type, charge_model, unit_of_measure: null, rate_plan_charge_costs: [] };
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
    rate_plan_charges: [charge('RECURRING', 'PER_UNIT')],
    ...partial,
  };
}

describe('normaliseQuantity', () => {
  it.each([
    ['5', null, 5],
    ['5.9', null, 5],
    [7.2, null, 7],
    ['0', null, 1],
    ['-3', null, 1],
    ['0.5', null, 1],
    ['', null, 1],
    ['abc', null, 1],
    ['3', 10, 10],
    ['12', 10, 12],
    ['0', 5, 5],
    ['1', 1, 1],
  ] as const)('%j with smallest tier %j → %i', (raw, tier, expected) => {
    expect(normaliseQuantity(raw, tier)).toBe(expected);
  });
});

describe('quantityProblem', () => {
  it.each([
    ['no plan, 1', 1, null, null],
    ['no plan, 0', 0, null, 'quantity_below_one'],
    ['fraction', 1.5, null, 'quantity_below_one'],
    ['at min', 5, plan({ min_quantity: 5 }), null],
    ['below min', 4, plan({ min_quantity: 5 }), 'min_quantity_tooltip'],
    ['at max', 10, plan({ max_quantity: 10 }), null],
    ['above max', 11, plan({ max_quantity: 10 }), 'max_quantity_tooltip'],
    ['unbounded max', 100000, plan({ min_quantity: 1, max_quantity: null }), null],
  ] as const)('%s', (_label, quantity, subject, expected) => {
    expect(quantityProblem(quantity, subject)?.key ?? null).toBe(expected);
  });
  it('names the limit it broke', () => {
    expect(quantityProblem(2, plan({ min_quantity: 3 }))).toEqual({ key: 'min_quantity_tooltip', values: { min: 3 } });
    expect(quantityProblem(9, plan({ max_quantity: 8 }))).toEqual({ key: 'max_quantity_tooltip', values: { max: 8 } });
  });
});

describe('isQuantityLocked', () => {
  const perUnit = plan();
  const flatOnly = plan({ rate_plan_charges: [charge('RECURRING', 'FLAT_FEE'), charge('USAGE', 'PER_UNIT')] });
  const oneOffVolume = plan({ rate_plan_charges: [charge('ONE_OFF', 'VOLUME')] });
  it.each([
    ['root user', true, '10.00', [], null, true],
    ['root user with a plan', true, null, [perUnit], perUnit, true],
    ['priced, no plans', false, '10.00', [], null, false],
    ['price on request, no plans', false, null, [], null, true],
    ['price on request, per-unit plan', false, null, [perUnit], perUnit, false],
    ['flat-fee and usage plan', false, '10.00', [flatOnly], flatOnly, true],
    ['one-off volume plan', false, null, [oneOffVolume], oneOffVolume, false],
  ] as const)('%s', (_label, isRoot, price, ratePlans, selectedPlan, expected) => {
    expect(isQuantityLocked({ isRoot, price, ratePlans: [...ratePlans], selectedPlan })).toBe(expected);
  });
});

describe('initialQuantity', () => {
  it.each([
    [null, 1],
    [plan({ min_quantity: null }), 1],
    [plan({ min_quantity: 5 }), 5],
  ] as const)('%#', (subject, expected) => {
    expect(initialQuantity(subject)).toBe(expected);
  });
});

describe('quantityForPlan', () => {
  it.each([
    ['locked goes to the plan start', 7, plan({ min_quantity: 2 }), true, null, 2],
    ['locked without minimum goes to 1', 7, plan(), true, null, 1],
    ['kept when within the plan', 7, plan({ min_quantity: 2 }), false, null, 7],
    ['raised to the new minimum', 1, plan({ min_quantity: 5 }), false, null, 5],
    ['raised to the smallest tier', 1, plan(), false, 10, 10],
    ['above the maximum is kept (shown invalid)', 50, plan({ max_quantity: 20 }), false, null, 50],
  ] as const)('%s', (_label, current, subject, locked, tier, expected) => {
    expect(quantityForPlan(current, subject, locked, tier)).toBe(expected);
  });
});
