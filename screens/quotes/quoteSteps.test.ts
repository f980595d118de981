import { describe, expect, it } from 'vitest';
import { nextQuoteStep, previousQuoteStep, quoteStepReachable, type QuoteProgress } from './quoteSteps';

const done: QuoteProgress = { details: true, zoom: true, shipping: true, payment: true };

describe('the quote editor’s tabs (001 §2)', () => {
  it('goes details → info → shipping → payment → confirmation, skipping shipping when nothing ships', () => {
    expect(nextQuoteStep('details', true)).toBe('info');
    expect(nextQuoteStep('info', true)).toBe('shipping');
    expect(nextQuoteStep('info', false)).toBe('payment');
    expect(nextQuoteStep('shipping', true)).toBe('payment');
    expect(nextQuoteStep('payment', false)).toBe('confirmation');
    expect(nextQuoteStep('confirmation', true)).toBeNull();
    expect(previousQuoteStep('payment', false)).toBe('info');
    expect(previousQuoteStep('confirmation', true)).toBe('payment');
  });

  it('gates Next: details complete for info, the Zoom configuration for what follows, shipping for payment and confirmation', () => {
    expect(quoteStepReachable('info', true, { ...done, details: false })).toBe(false);
    expect(quoteStepReachable('info', true, { ...done, zoom: false })).toBe(true);
    expect(quoteStepReachable('shipping', true, { ...done, zoom: false })).toBe(false);
    expect(quoteStepReachable('payment', false, { ...done, zoom: false })).toBe(false);
    expect(quoteStepReachable('shipping', false, done)).toBe(false);
    expect(quoteStepReachable('confirmation', true, { ...done, shipping: false })).toBe(false);
    expect(quoteStepReachable('confirmation', true, { ...done, payment: false })).toBe(false);
    expect(quoteStepReachable('confirmation', false, done)).toBe(true);
  });
});
