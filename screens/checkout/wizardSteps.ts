/**
 * The checkout wizard's steps and their order (000 §2.9): details, info, shipping (shippable
 * baskets; "Digital delivery" otherwise, not clickable), payment (only when the organisation has a
 * finance_type), confirmation. Pure, so the routing rules are tested on their own.
 */
export type Step = 'details' | 'info' | 'shipping' | 'payment' | 'confirmation';

export interface Flow {
  shippable: boolean;
  /** The organisation has a finance_type: the payment tab exists. */
  finance: boolean;
}

export interface Progress {
  details: boolean;
  shipping: boolean;
  payment: boolean;
}

/** The tabs shown, in order; shipping is there either way (as Digital delivery when not shippable). */
export function tabs(flow: Flow): Step[] {
  return ['details', 'info', 'shipping', ...(flow.finance ? (['payment'] as const) : []), 'confirmation'];
}

/** Next: info → shipping if shippable, else payment if finance, else confirmation; shipping → payment if finance, else confirmation. */
export function nextStep(step: Step, flow: Flow): Step | null {
  switch (step) {
    case 'details':
      return 'info';
    case 'info':
      return flow.shippable ? 'shipping' : flow.finance ? 'payment' : 'confirmation';
    case 'shipping':
      return flow.finance ? 'payment' : 'confirmation';
    case 'payment':
      return 'confirmation';
    case 'confirmation':
      return null;
  }
}

/** Previous: payment → shipping if shippable, else info; confirmation → payment if finance, else shipping if shippable, else info. */
export function previousStep(step: Step, flow: Flow): Step | null {
  switch (step) {
    case 'details':
      return null;
    case 'info':
      return 'details';
    case 'shipping':
      return 'info';
    case 'payment':
      return flow.shippable ? 'shipping' : 'info';
    case 'confirmation':
      return flow.finance ? 'payment' : flow.shippable ? 'shipping' : 'info';
  }
}

/** 000 §2.9 "later tabs are reachable only when earlier steps are complete". */
export function reachable(step: Step, flow: Flow, progress: Progress): boolean {
  switch (step) {
    case 'details':
      return true;
    case 'info':
      return progress.details;
    case 'shipping':
      return flow.shippable && progress.details;
    case 'payment':
      return flow.finance && progress.details && progress.shipping;
    case 'confirmation':
      return progress.details && progress.shipping && (!flow.finance || progress.payment);
  }
}
