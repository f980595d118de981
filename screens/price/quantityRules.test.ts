import { describe, expect, it } from 'vitest';
import { addToBasketBlock, lineQuantity, quantityProblem } from './quantityRules';

const plan = {
  id: 1,
  default: false,
  billing_frequency: 'MONTHLY' as const,
  term_length: 12,
  min_quantity: null,
  max_quantity: null,
  rate_plan_charges: [],
};

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

describe('lineQuantity (000 §4, §5)', () => {
  it.each([
    ['0 removes the line', '0', null, 0],
    ['a whole number stays', '7', null, 7],
    ['a fraction is floored', '7.9', null, 7],
    ['below 0 becomes 1', '-3', null, 1],
    ['a fraction under 1 becomes 1, not a removal', '0.4', null, 1],
    ['blank becomes 1', ' ', null, 1],
    ['below the smallest volume tier is raised to it', '3', 10, 10],
    ['0 stays 0 even with a volume tier', '0', 10, 0],
  ] as const)('%s', (_label, raw, tier, expected) => {
    expect(lineQuantity(raw, tier)).toBe(expected);
  });
});
