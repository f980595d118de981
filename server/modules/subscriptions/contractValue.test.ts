import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { numberOfTerms, planFor, productFigures, sumOf, type Plan } from './contractValue';

const cost = (price: string, starting_unit: number | null = null, ending_unit: number | null = null) => ({
  currency: 'GBP' as const,
  charge_cost_price: price,
  starting_unit,
  ending_unit,
});
const perUnit = (price: string): Plan['charges'][number] => ({
  charge_type: 'RECURRING',
  charge_model: 'PER_UNIT',
  rate_plan_charge_costs: [cost(price)],
});
const plan = (over: Partial<Plan>): Plan => ({
  id: 1,
  name: 'p',
  is_default: false,
  billing_frequency: 'MONTHLY',
  term_length: 12,
  min_quantity: 1,
  max_quantity: null,
  charges: [],
  ...over,
});

describe('subscription contract value (000 §9)', () => {
  it('counts the terms as the contract months over the billing months', () => {
    expect(numberOfTerms(12, 'MONTHLY').toString()).toBe('12');
    expect(numberOfTerms(36, 'ANNUALLY').toString()).toBe('3');
    expect(numberOfTerms(12, 'TWO_YEARS').toString()).toBe('0.5');
  });

  it('worked example: 18 → 25 Dropbox users at 12.50 a month over 12 months', () => {
    const monthly = plan({ charges: [perUnit('12.50')] });
    const before = productFigures(monthly, 'GBP', 18, 12, 'MONTHLY');
    const after = productFigures(monthly, 'GBP', 25, 12, 'MONTHLY');
    expect([before.recurringCost!.toFixed(2), before.totalContractValue!.toFixed(2)]).toEqual(['225.00', '2700.00']);
    expect([after.recurringCost!.toFixed(2), after.totalContractValue!.toFixed(2)]).toEqual(['312.50', '3750.00']);
  });

  it('worked example: a volume charge prices every unit at the tier the whole quantity falls in', () => {
    const volume = plan({
      charges: [
        {
          charge_type: 'RECURRING',
          charge_model: 'VOLUME',
          rate_plan_charge_costs: [cost('6.50', 1, 10), cost('5.75', 11, 50), cost('4.90', 51, null)],
        },
        { charge_type: 'USAGE', charge_model: 'PER_UNIT', rate_plan_charge_costs: [cost('0.04')] },
      ],
    });
    // 10 at 6.50 = 65.00; 11 at 5.75 = 63.25 (the next tier is cheaper per unit); 60 at 4.90 = 294.00.
    expect(productFigures(volume, 'GBP', 10, 12, 'MONTHLY').recurringCost!.toFixed(2)).toBe('65.00');
    expect(productFigures(volume, 'GBP', 11, 12, 'MONTHLY').recurringCost!.toFixed(2)).toBe('63.25');
    expect(productFigures(volume, 'GBP', 60, 12, 'MONTHLY').totalContractValue!.toFixed(2)).toBe('3528.00');
  });

  it('is unpriced (null) when a recurring charge has no cost, or there is no recurring charge', () => {
    expect(
      productFigures(
        plan({ charges: [{ charge_type: 'RECURRING', charge_model: 'PER_UNIT', rate_plan_charge_costs: [] }] }),
        'GBP',
        3,
        12,
        'MONTHLY',
      ).recurringCost,
    ).toBeNull();
    expect(productFigures(plan({ charges: [] }), 'GBP', 3, 12, 'MONTHLY').totalContractValue).toBeNull();
    expect(sumOf([new Decimal(1), null])).toBeNull();
    expect(sumOf([new Decimal('1.10'), new Decimal('2.205')])!.toString()).toBe('3.305');
  });

  it('takes the plan billed as the subscription is and of its term, else its default', () => {
    const plans = [
      plan({ id: 1, billing_frequency: 'ANNUALLY', term_length: 12, is_default: true }),
      plan({ id: 2, billing_frequency: 'MONTHLY', term_length: 1 }),
      plan({ id: 3, billing_frequency: 'MONTHLY', term_length: 12 }),
    ];
    expect(planFor(plans, 'MONTHLY', 12)?.id).toBe(3);
    expect(planFor(plans, 'MONTHLY', 24)?.id).toBe(2);
    expect(planFor(plans, 'THREE_YEARS', 36)?.id).toBe(1);
    expect(planFor([], 'MONTHLY', 12)).toBeNull();
  });
});
