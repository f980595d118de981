/**
 * The shapes the pricing rules read, written structurally so that both the server's generated
 * types (server/generated/types) and the browser's (runtime/generated/api) fit them without this
 * folder importing either layer. Money is a decimal string ("12.50"); null is "no price".
 */
export type Currency = 'GBP' | 'EUR';
export type BillingFrequency = 'MONTHLY' | 'ANNUALLY' | 'TWO_YEARS' | 'THREE_YEARS';
export type ChargeType = 'RECURRING' | 'ONE_OFF' | 'USAGE';
export type ChargeModel = 'FLAT_FEE' | 'PER_UNIT' | 'VOLUME';

/** A cost row of a charge; anonymous visitors' rows carry no charge_cost_price. */
export interface ChargeCostLike {
  currency: Currency;
  charge_cost_price?: string | null;
  starting_unit?: number | null;
  ending_unit?: number | null;
}

export interface RatePlanChargeLike {
  charge_type: ChargeType;
  charge_model: ChargeModel;
  rate_plan_charge_costs: ChargeCostLike[];
}

export interface RatePlanLike {
  id: number;
  default: boolean;
  billing_frequency: BillingFrequency;
  term_length: number;
  min_quantity?: number | null;
  max_quantity?: number | null;
  rate_plan_charges: RatePlanChargeLike[];
}

/** A maintenance or provisioning option: itself a product, priced from the same price list. */
export interface ProductOptionLike {
  id: number;
  price: string | null;
}

/** A product as priced for one organisation: its list price and RRP in the organisation's currency. */
export interface PricedProductLike {
  id: number;
  currency: Currency;
  price: string | null;
  rrp: string | null;
  rate_plans: RatePlanLike[];
  maintenance: ProductOptionLike[];
  provisioning: ProductOptionLike[];
}

/** The cost of a tier, or null where the caller may not see it. */
export function costPrice(cost: ChargeCostLike): string | null {
  return cost.charge_cost_price ?? null;
}
