import type { components } from '../../runtime/generated/api';

/**
 * The catalogue shapes the store screens read, straight from the API contract
 * (spec/api/schemas.yaml). Money is a decimal string, or null for "price on request".
 */
type Schemas = components['schemas'];

/** Anonymous visitors get rate plans without costs (charge costs are buy prices): either shape. */
export type ChargeCost = Schemas['ChargeCost'] | Schemas['PublicChargeTier'];
export type RatePlanCharge = Schemas['RatePlanCharge'] | Schemas['PublicRatePlanCharge'];
export type RatePlan = Schemas['RatePlan'] | Schemas['PublicRatePlan'];
export type VendorSummary = Schemas['Vendor'];
export type ProductTypeSummary = Schemas['ProductType'];
export type ProductOption = Schemas['ProductOption'];
/** The signed-in view: the buy price in the caller's currency. */
export type Product = Schemas['Product'];
/** The anonymous view: no buy price ever reaches the browser. */
export type PublicProduct = Schemas['PublicProduct'];
/** What both views share; screens that serve both read only this. */
export type CatalogueProduct = Product | PublicProduct;

export type Currency = ChargeCost['currency'];

/** The cost of a tier, or null where the caller may not see it. */
export function costPrice(cost: ChargeCost): string | null {
  return 'charge_cost_price' in cost ? cost.charge_cost_price : null;
}
export type BillingFrequency = RatePlan['billing_frequency'];
export type ChargeType = RatePlanCharge['charge_type'];
export type ChargeModel = RatePlanCharge['charge_model'];

export function isSignedInProduct(product: CatalogueProduct): product is Product {
  return 'price' in product;
}
