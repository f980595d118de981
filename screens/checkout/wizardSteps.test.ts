import { describe, expect, it } from 'vitest';
import { nextStep, previousStep, reachable, tabs, type Flow, type Step } from './wizardSteps';

const flows: Record<string, Flow> = {
  'shippable with finance': { shippable: true, finance: true },
  'shippable without finance': { shippable: true, finance: false },
  'digital with finance': { shippable: false, finance: true },
  'digital without finance': { shippable: false, finance: false },
};

describe('000 §2.9 Next and Previous', () => {
  it.each<[string, Step, Step | null, Step | null]>([
    ['shippable with finance', 'info', 'shipping', 'details'],
    ['shippable with finance', 'shipping', 'payment', 'info'],
    ['shippable with finance', 'payment', 'confirmation', 'shipping'],
    ['shippable with finance', 'confirmation', null, 'payment'],
    ['shippable without finance', 'shipping', 'confirmation', 'info'],
    ['shippable without finance', 'confirmation', null, 'shipping'],
    ['digital with finance', 'info', 'payment', 'details'],
    ['digital with finance', 'payment', 'confirmation', 'info'],
    ['digital with finance', 'confirmation', null, 'payment'],
    ['digital without finance', 'info', 'confirmation', 'details'],
    ['digital without finance', 'confirmation', null, 'info'],
    ['digital without finance', 'details', 'info', null],
  ])('%s: %s → next %s, previous %s', (flow, step, next, previous) => {
    expect(nextStep(step, flows[flow]!)).toBe(next);
    expect(previousStep(step, flows[flow]!)).toBe(previous);
  });

  it('shows the payment tab only with finance', () => {
    expect(tabs(flows['shippable with finance']!)).toEqual(['details', 'info', 'shipping', 'payment', 'confirmation']);
    expect(tabs(flows['digital without finance']!)).toEqual(['details', 'info', 'shipping', 'confirmation']);
  });
});

describe('000 §2.9 later tabs only when earlier steps are complete', () => {
  const flow = flows['shippable with finance']!;
  it.each<[Step, { details: boolean; shipping: boolean; payment: boolean }, boolean]>([
    ['info', { details: false, shipping: false, payment: false }, false],
    ['info', { details: true, shipping: false, payment: false }, true],
    ['shipping', { details: true, shipping: false, payment: false }, true],
    ['payment', { details: true, shipping: false, payment: false }, false],
    ['payment', { details: true, shipping: true, payment: false }, true],
    ['confirmation', { details: true, shipping: true, payment: false }, false],
    ['confirmation', { details: true, shipping: true, payment: true }, true],
  ])('%s with %o: %s', (step, progress, expected) => {
    expect(reachable(step, flow, progress)).toBe(expected);
  });

  it('never lets a digital basket click its Digital delivery tab', () => {
    expect(reachable('shipping', flows['digital with finance']!, { details: true, shipping: true, payment: true })).toBe(false);
  });
});
