import { describe, expect, it } from 'vitest';
import { addToBasketBlock, quantityProblem } from './quantityRules';

const plan = { id: 1, default: false, billing_frequency: 'MONTHLY' as const, term_length: 12, min_quantity: null, max_quantity: null, rate_plan_charges: [] };

describe('addToBasketBlock', () => {
  const problem = quantityProblem(0, null);
  it.each([
    ['root first', true, '1.00', [], problem, 'root'],
    ['no price, no plans', false, null, [], null, 'no_price'],
    ['invalid quantity', false, '1.00', [], problem, 'invalid_quantity'],
    ['plans without price are buyable', false, null, [plan], null, null],
    ['otherwise buyable', false, '1.00', [], null, null],
  ] as const)('%s', (_label, isRoot, price, ratePlans, quantity, expected) => {
    expect(addToBasketBlock({ isRoot, price, ratePlans: [...ratePlans], quantityProblem: quantity })).toBe(expected);
  });
});

