import { nextStep, previousStep, reachable, type Step } from '../checkout/wizardSteps';

/**
 * The quote editor's tabs (001 §2 quote edit wizard). 001 gives two readings, with and without
 * Payment; we take the one with it (docs/quotes.md): Quote details, Additional info, Shipping
 * (the digital-delivery note, not clickable, when nothing ships), Payment, Confirmation. Their
 * order is the checkout's with its payment tab, so Next and Previous are the checkout's; the
 * gates add 001's "Next on the info tab requires Zoom configuration complete".
 */
export type QuoteStep = Step;

export interface QuoteProgress {
  details: boolean;
  zoom: boolean;
  shipping: boolean;
  payment: boolean;
}

export const QUOTE_TABS: readonly QuoteStep[] = ['details', 'info', 'shipping', 'payment', 'confirmation'];

const flowOf = (shippable: boolean) => ({ shippable, finance: true });

export const nextQuoteStep = (step: QuoteStep, shippable: boolean) => nextStep(step, flowOf(shippable));
export const previousQuoteStep = (step: QuoteStep, shippable: boolean) => previousStep(step, flowOf(shippable));

/** A tab opens once every earlier step is complete: details, then the Zoom configuration, shipping and payment. */
export function quoteStepReachable(step: QuoteStep, shippable: boolean, progress: QuoteProgress): boolean {
  if (!reachable(step, flowOf(shippable), progress)) return false;
  return step === 'details' || step === 'info' || progress.zoom;
}
