import Decimal from 'decimal.js';
import { dec, percentOf, roundMoney } from './money';
import { initialQuantity, isQuantityLocked, quantityProblem } from './quantity';
import { chargeCost, defaultRatePlan, numberOfTerms, smallestVolumeTierStart } from './ratePlans';
import type { PricedProductLike, ProductOptionLike, RatePlanLike } from './types';

/** What a buyer chose for one basket line (000 §3 Basket line item). */
export interface LineChoice {
  quantity: number;
  /** The chosen plan; null or absent takes the product's default plan (000 §5). */
  ratePlanId?: number | null;
  maintenanceId?: number | null;
  provisioningId?: number | null;
  /** Percent off the line's subtotal, 0–100 (set by quotes and orders, not by the buyer). */
  discount?: DecimalInput | null;
  /** The reseller's margin on top, in percent, for the end user's price (finance for a customer). */
  markup?: DecimalInput | null;
}
type DecimalInput = Decimal | string | number;

/**
 * Why a line cannot be bought as chosen. `code` is the catalogue's message key (000 §8 tooltip
 * keys where one exists); `field` names the line field at fault.
 */
export type LineProblem =
  | { code: 'quantity_below_one'; field: 'quantity'; values: Record<string, never> }
  | { code: 'min_quantity_tooltip'; field: 'quantity'; values: { min: number } }
  | { code: 'max_quantity_tooltip'; field: 'quantity'; values: { max: number } }
  | { code: 'quantity_locked'; field: 'quantity'; values: { quantity: number } }
  | { code: 'no_price'; field: 'product' | 'maintenance_product' | 'prov_product' | 'selected_rate_plan'; values: Record<string, never> }
  | { code: 'unknown_value'; field: 'selected_rate_plan' | 'maintenance_product' | 'prov_product'; values: Record<string, never> }
  | { code: 'maintenance_required'; field: 'maintenance_product'; values: Record<string, never> }
  | { code: 'min_margin_tooltip'; field: 'markup'; values: { min: string } }
  | { code: 'max_margin_tooltip'; field: 'markup'; values: { max: string } }
  | { code: 'discount_out_of_range'; field: 'discount'; values: Record<string, never> };

export interface PricedLine {
  plan: RatePlanLike | null;
  quantity: number;
  /** What one unit costs: the list price, or for a plan its contract value per unit (4 places). */
  unitPrice: Decimal | null;
  /** Before discount, to the penny: product (or contract value) plus maintenance and provisioning. */
  gross: Decimal;
  discountPercent: Decimal;
  discountAmount: Decimal;
  /** The line's subtotal excluding tax and shipping: gross − discount. */
  net: Decimal;
  /** RRP × quantity, when the product has an RRP; the ceiling of the end user's price. */
  rrpTotal: Decimal | null;
  markupPercent: Decimal | null;
  /** The end user's price: net plus markup (000 §9 "end-user price = subtotal plus markup percent"). */
  endUserTotal: Decimal;
  /** net → endUserTotal, the reseller's margin in money (root's margin columns). */
  marginAmount: Decimal;
  /** The largest markup that keeps the end user's price within the RRP; null without an RRP. */
  maxMarkup: Decimal | null;
  problems: LineProblem[];
}

const ZERO = new Decimal(0);
const NONE: Record<string, never> = {};

function option(options: ProductOptionLike[], id: number | null | undefined): ProductOptionLike | null | undefined {
  if (id === null || id === undefined) return null;
  return options.find((candidate) => candidate.id === id);
}

/**
 * A plan's contract value at a quantity: recurring charges × number of terms plus one-off charges
 * (000 §9 contract value); usage is billed later and not part of it. Null when a charge has no
 * price at this quantity (no cost in the currency, or no volume tier covers it).
 */
function contractValue(plan: RatePlanLike, currency: PricedProductLike['currency'], quantity: number): Decimal | null {
  const terms = numberOfTerms(plan);
  let total = ZERO;
  for (const charge of plan.rate_plan_charges) {
    if (charge.charge_type === 'USAGE') continue;
    const cost = chargeCost(charge, currency, quantity);
    if (cost === null) return null;
    total = total.plus(charge.charge_type === 'RECURRING' ? cost.times(terms) : cost);
  }
  return total;
}

/**
 * Prices one line exactly as the server will (the browser shows the same figures, the server
 * recomputes them and trusts none it is sent). Problems are collected, not thrown: the price box
 * shows them as tooltips, the server answers the first as a 422.
 */
export function priceLine(product: PricedProductLike, choice: LineChoice): PricedLine {
  const problems: LineProblem[] = [];
  const quantity = choice.quantity;
  let plan: RatePlanLike | null = defaultRatePlan(product.rate_plans);
  if (choice.ratePlanId !== null && choice.ratePlanId !== undefined) {
    plan = product.rate_plans.find((candidate) => candidate.id === choice.ratePlanId) ?? null;
    if (!plan) problems.push({ code: 'unknown_value', field: 'selected_rate_plan', values: NONE });
  }

  // Quantity (000 §5): whole and at least 1, within the plan's limits and volume tiers, and fixed
  // where it cannot change what is bought.
  const quantityIssue = quantityProblem(quantity, plan);
  if (quantityIssue?.key === 'quantity_below_one') problems.push({ code: 'quantity_below_one', field: 'quantity', values: NONE });
  else if (quantityIssue?.key === 'min_quantity_tooltip')
    problems.push({ code: quantityIssue.key, field: 'quantity', values: quantityIssue.values });
  else if (quantityIssue?.key === 'max_quantity_tooltip')
    problems.push({ code: quantityIssue.key, field: 'quantity', values: quantityIssue.values });
  const tierStart = smallestVolumeTierStart(plan, product.currency);
  if (!quantityIssue && tierStart !== null && quantity < tierStart) {
    problems.push({ code: 'min_quantity_tooltip', field: 'quantity', values: { min: tierStart } });
  }
  const locked = isQuantityLocked({ isRoot: false, price: product.price, ratePlans: product.rate_plans, selectedPlan: plan });
  if (locked && product.rate_plans.length > 0 && quantity !== initialQuantity(plan)) {
    problems.push({ code: 'quantity_locked', field: 'quantity', values: { quantity: initialQuantity(plan) } });
  }
  const countable = Number.isInteger(quantity) && quantity > 0 ? quantity : 0;

  let productTotal = ZERO;
  let unitPrice: Decimal | null = null;
  if (plan) {
    const value = countable > 0 ? contractValue(plan, product.currency, countable) : ZERO;
    // A quantity outside the plan's tiers is a quantity problem, already said.
    if (value === null) {
      if (!problems.some((problem) => problem.field === 'quantity'))
        problems.push({ code: 'no_price', field: 'selected_rate_plan', values: NONE });
    } else {
      productTotal = value;
      unitPrice = countable > 0 ? value.dividedBy(countable).toDecimalPlaces(4, Decimal.ROUND_HALF_UP) : null;
    }
  } else if (product.price === null) {
    problems.push({ code: 'no_price', field: 'product', values: NONE });
  } else {
    unitPrice = dec(product.price);
    productTotal = unitPrice.times(countable);
  }

  // Options are products of their own, one per unit bought (a warranty or set-up per device).
  const maintenance = option(product.maintenance, choice.maintenanceId);
  const provisioning = option(product.provisioning, choice.provisioningId);
  let optionsTotal = ZERO;
  for (const [chosen, field] of [
    [maintenance, 'maintenance_product'],
    [provisioning, 'prov_product'],
  ] as const) {
    if (chosen === undefined) problems.push({ code: 'unknown_value', field, values: NONE });
    else if (chosen && chosen.price === null) problems.push({ code: 'no_price', field, values: NONE });
    else if (chosen) optionsTotal = optionsTotal.plus(dec(chosen.price as string).times(countable));
  }
  if (product.maintenance.length > 0 && maintenance === null) {
    problems.push({ code: 'maintenance_required', field: 'maintenance_product', values: NONE });
  }

  const gross = roundMoney(productTotal.plus(optionsTotal));
  const discountPercent = choice.discount === null || choice.discount === undefined ? ZERO : dec(choice.discount);
  if (discountPercent.isNegative() || discountPercent.greaterThan(100)) {
    problems.push({ code: 'discount_out_of_range', field: 'discount', values: NONE });
  }
  const discountAmount = percentOf(gross, Decimal.min(Decimal.max(discountPercent, 0), 100));
  const net = gross.minus(discountAmount);

  const rrpTotal = product.rrp === null ? null : roundMoney(dec(product.rrp).times(countable));
  const maxMarkup =
    rrpTotal === null || net.isZero()
      ? null
      : Decimal.max(rrpTotal.dividedBy(net).minus(1).times(100), 0).toDecimalPlaces(4, Decimal.ROUND_DOWN);
  const markupPercent = choice.markup === null || choice.markup === undefined ? null : dec(choice.markup);
  if (markupPercent?.isNegative()) problems.push({ code: 'min_margin_tooltip', field: 'markup', values: { min: '0' } });
  else if (markupPercent && maxMarkup && markupPercent.greaterThan(maxMarkup)) {
    problems.push({ code: 'max_margin_tooltip', field: 'markup', values: { max: maxMarkup.toString() } });
  }
  const marginAmount = markupPercent ? percentOf(net, markupPercent) : ZERO;

  return {
    plan,
    quantity,
    unitPrice,
    gross,
    discountPercent,
    discountAmount,
    net,
    rrpTotal,
    markupPercent,
    endUserTotal: net.plus(marginAmount),
    marginAmount,
    maxMarkup,
    problems,
  };
}
