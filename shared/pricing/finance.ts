import Decimal from 'decimal.js';
import { toPenny } from './shipping';

/**
 * Finance figures and eligibility of 000 §5 and §9, shared by the checkout's payment tab and the
 * server (which recomputes them on POST /baskets/{id}/finance and at checkout). Inputs are the
 * lines' net values as the basket pricing computed them; outputs are decimal strings.
 */

export const ANNUAL_RATE = new Decimal('0.1263');
/** 000 §9: the monthly rate is the yearly rate over twelve, not its twelfth root. */
export const MONTHLY_RATE = ANNUAL_RATE.div(12);
export const FINANCE_TERMS = [24, 36, 48, 60] as const;
export type FinanceTerm = (typeof FINANCE_TERMS)[number];
export const DEFAULT_TERM: FinanceTerm = 60;
/** 000 §9: "finance needs a subtotal over 1000"; a value of exactly 1000 qualifies (under 1000 does not). */
export const MINIMUM_ORDER_VALUE = new Decimal(1000);
/** Intangible (service) costs must stay under this share of the financed value. */
export const MAX_INTANGIBLE_SHARE = new Decimal('0.35');

export type FinanceTarget = 'SELF' | 'CUSTOMER';

/** A basket line as finance sees it. */
export interface FinanceLine {
  /** The line's net value excluding VAT, after its discount (the basket pricing's subtotal). */
  net: string;
  quantity: number;
  /** The customer's markup percent (CUSTOMER target only); null: none. */
  markup: string | null;
  /** The product's recommended retail price per unit; null: no ceiling. */
  rrp: string | null;
  is_financeable: boolean;
  /** Tangible goods ship; everything else (services, subscriptions, maintenance) is intangible. */
  is_shippable: boolean;
}

export interface FinanceLineFigures {
  /** What the line contributes to the finance: net, plus the markup for CUSTOMER. */
  value: string;
  margin_percent: string | null;
  /** The markup keeps the unit price within the RRP (basket_value_higher_than_rrp otherwise). */
  valid_margin: boolean;
}

export interface FinanceFigures {
  lines: FinanceLineFigures[];
  shipping: string;
  /** Financeable lines plus shipping, excluding VAT: the amount financed. */
  net_sub_total: string;
  term: number;
  monthly_payment: string;
  total_paid: string;
  cost_of_finance: string;
}

/** The line's value for the finance: the customer's price (net plus markup) when financing for a customer. */
export function lineValue(line: FinanceLine, target: FinanceTarget | null): Decimal {
  const net = new Decimal(line.net);
  if (target !== 'CUSTOMER' || line.markup === null) return net;
  return net.times(new Decimal(1).plus(new Decimal(line.markup).div(100)));
}

/** 000 §5 margin: the customer's unit price must not exceed the RRP; a negative markup is invalid too. */
export function marginValid(line: FinanceLine, target: FinanceTarget | null): boolean {
  if (target !== 'CUSTOMER' || line.markup === null) return true;
  if (new Decimal(line.markup).isNegative()) return false;
  if (line.rrp === null || line.quantity <= 0) return true;
  return lineValue(line, target).div(line.quantity).lte(line.rrp);
}

/**
 * The amortised monthly payment: P·r / (1 − (1 + r)^−n), to the penny. With a zero rate it would
 * be P / n; the rate is a constant, so that branch exists only for completeness of the formula.
 */
export function monthlyPayment(principal: Decimal.Value, term: number, monthlyRate: Decimal = MONTHLY_RATE): string {
  const p = new Decimal(principal);
  if (p.lte(0)) return toPenny(0);
  if (monthlyRate.isZero()) return toPenny(p.div(term));
  const factor = new Decimal(1).minus(new Decimal(1).plus(monthlyRate).pow(-term));
  return toPenny(p.times(monthlyRate).div(factor));
}

/**
 * The figures of the finance table. Total paid is the rounded monthly payment times the term, and
 * the cost of finance what that adds to the amount financed, so the three figures shown always
 * add up to the penny.
 */
export function financeFigures(
  lines: readonly FinanceLine[],
  target: FinanceTarget | null,
  shipping: string,
  term: number,
): FinanceFigures {
  const financeable = lines.filter((line) => line.is_financeable && line.quantity > 0);
  const perLine = financeable.map((line) => ({
    value: toPenny(lineValue(line, target)),
    margin_percent: target === 'CUSTOMER' ? new Decimal(line.markup ?? 0).toString() : null,
    valid_margin: marginValid(line, target),
  }));
  const net = perLine.reduce((sum, line) => sum.plus(line.value), new Decimal(shipping));
  const monthly = monthlyPayment(net, term);
  const totalPaid = new Decimal(monthly).times(term);
  return {
    lines: perLine,
    shipping: toPenny(shipping),
    net_sub_total: toPenny(net),
    term,
    monthly_payment: monthly,
    total_paid: toPenny(totalPaid),
    cost_of_finance: toPenny(net.gt(0) ? totalPaid.minus(net) : 0),
  };
}

export type FinanceRefusal =
  | 'basket_no_line_items'
  | 'checkout_complete_required_fields'
  | 'contact_number_regex'
  | 'basket_value_higher_than_rrp'
  | 'finance_below_minimum_order_value'
  | 'intangible_costs_too_high';

/** The finance contact fields 000 §5 requires before an application ("finance fields complete"). */
export interface FinanceDetails {
  finance_company_name: string | null;
  finance_company_number: string | null;
  finance_target: FinanceTarget | null;
  finance_email_address: string | null;
  finance_title: string | null;
  finance_first_name: string | null;
  finance_last_name: string | null;
  finance_contact_number: string | null;
  finance_term_length: number | null;
  finance_reg_company_name: string | null;
  finance_reg_addr_line_1: string | null;
  finance_reg_addr_line_2: string | null;
  finance_reg_city: string | null;
  finance_reg_postal_code: string | null;
  finance_reg_country_code: string | null;
}

const REQUIRED_FINANCE_FIELDS: readonly (keyof FinanceDetails)[] = [
  'finance_company_name',
  'finance_company_number',
  'finance_target',
  'finance_email_address',
  'finance_title',
  'finance_first_name',
  'finance_last_name',
  'finance_contact_number',
  'finance_term_length',
  'finance_reg_company_name',
  'finance_reg_addr_line_1',
  'finance_reg_addr_line_2',
  'finance_reg_city',
  'finance_reg_postal_code',
  'finance_reg_country_code',
];

/** 000 §5: "Finance phone (contact_number): starts with 0 followed by up to 11 digits" (contact_number_regex). */
export const FINANCE_CONTACT_NUMBER = /^0[0-9]{0,11}$/;

/** A finance contact number as 000 §5 allows it; blank is missingFinanceFields' to judge. */
export function financeContactNumberValid(value: string | null | undefined): boolean {
  return value === null || value === undefined || value === '' || FINANCE_CONTACT_NUMBER.test(value);
}

/** The field a refusal is about, for the problem's `parameter` (none: the basket as a whole). */
export const FINANCE_REFUSAL_FIELD: Partial<Record<FinanceRefusal, keyof FinanceDetails>> = {
  contact_number_regex: 'finance_contact_number',
};

export function missingFinanceFields(details: FinanceDetails): (keyof FinanceDetails)[] {
  return REQUIRED_FINANCE_FIELDS.filter((field) => {
    const value = details[field];
    return value === null || value === undefined || String(value).trim() === '';
  });
}

/**
 * Why an application would be refused, first reason first (000 §5): no lines, missing fields, a
 * contact number not of 0 and up to 11 digits, a margin above the RRP, a goods subtotal under the minimum, intangible costs at 35 % or more of the value.
 * null: eligible. Only financeable lines are in the finance basket.
 */
export function financeRefusal(lines: readonly FinanceLine[], details: FinanceDetails): FinanceRefusal | null {
  const target = details.finance_target;
  const financeable = lines.filter((line) => line.is_financeable && line.quantity > 0);
  if (financeable.length === 0) return 'basket_no_line_items';
  if (missingFinanceFields(details).length > 0) return 'checkout_complete_required_fields';
  if (!financeContactNumberValid(details.finance_contact_number)) return 'contact_number_regex';
  if (financeable.some((line) => !marginValid(line, target))) return 'basket_value_higher_than_rrp';
  return financeValueRefusal(financeable, target);
}

/**
 * 000 §5's value rules on the financeable goods: a subtotal under the minimum, or intangible costs
 * at 35 % or more of it. Both are of the goods' subtotal: shipping is neither.
 */
export function financeValueRefusal(
  lines: readonly FinanceLine[],
  target: FinanceTarget | null,
): 'finance_below_minimum_order_value' | 'intangible_costs_too_high' | null {
  const financeable = lines.filter((line) => line.is_financeable && line.quantity > 0);
  const value = financeable.reduce((sum, line) => sum.plus(lineValue(line, target)), new Decimal(0));
  if (value.lt(MINIMUM_ORDER_VALUE)) return 'finance_below_minimum_order_value';
  const intangible = financeable
    .filter((line) => !line.is_shippable)
    .reduce((sum, line) => sum.plus(lineValue(line, target)), new Decimal(0));
  return intangible.gte(value.times(MAX_INTANGIBLE_SHARE)) ? 'intangible_costs_too_high' : null;
}

/** 000 §6: finance is offered to a non-root GBP user of an organisation with a finance_type, for financeable products. */
export function financeOffered(user: { root: boolean; currency: string | null }, financeType: string | null): boolean {
  return !user.root && user.currency === 'GBP' && financeType !== null;
}
