import Decimal from 'decimal.js';

/**
 * Shipping rules of 000 §9 and §5 (shipping options by country), shared by the checkout screens
 * and the server so both compute the same cost. Amounts are decimal strings in, decimal strings
 * rounded to the penny out; nothing here touches floating point.
 */

export type WeightUnit = 'GRAMS' | 'KILOGRAMS' | 'POUNDS' | 'OUNCES';
export type RateType = 'FLAT' | 'BY_ITEM' | 'BY_WEIGHT_TABLE';

export interface WeightBand {
  min_weight: string;
  /** null: the open-ended top band. */
  max_weight: string | null;
  rate: string;
}

/** What pricing needs of a shipping type (the API's ShippingType satisfies it). */
export interface ShippingRule {
  id: number;
  rate_type: RateType;
  rate: string | null;
  weight_unit: WeightUnit | null;
  min_cost: string | null;
  max_cost: string | null;
  countries: readonly string[];
  exclude_countries: boolean;
  shipping_prices: readonly WeightBand[];
}

/** A basket line as shipping sees it. */
export interface ShippingLine {
  quantity: number;
  /** The product's per-unit shipping cost (BY_ITEM); null: the type's rate. */
  ship_cost: string | null;
  weight: string | null;
  /** The unit of `weight`; null: the table's own unit. */
  weight_unit: WeightUnit | null;
  /** Lines of products that are not shippable (services, subscriptions) cost nothing to ship. */
  is_shippable: boolean;
}

/**
 * 000 §9's conversions, each pair taken directly from the document rather than through grams:
 * the document's factors are not mutually consistent (1 lb = 454 g but 1 kg = 2.205 lb), so a
 * chain through one base unit would give a different answer than the table the users know.
 */
const PER_UNIT: Record<WeightUnit, Partial<Record<WeightUnit, Decimal>>> = {
  GRAMS: { KILOGRAMS: new Decimal(1).div(1000), POUNDS: new Decimal(1).div(454), OUNCES: new Decimal(1).div('28.35') },
  KILOGRAMS: { GRAMS: new Decimal(1000), POUNDS: new Decimal('2.205'), OUNCES: new Decimal('35.274') },
  POUNDS: { GRAMS: new Decimal(454), KILOGRAMS: new Decimal(1).div('2.205'), OUNCES: new Decimal(16) },
  OUNCES: { GRAMS: new Decimal('28.35'), KILOGRAMS: new Decimal(1).div('35.274'), POUNDS: new Decimal(1).div(16) },
};

export function convertWeight(value: Decimal.Value, from: WeightUnit, to: WeightUnit): Decimal {
  if (from === to) return new Decimal(value);
  return new Decimal(value).times(PER_UNIT[from][to]!);
}

/** Rounds money to the penny, halves away from zero (as an invoice would). */
export function toPenny(value: Decimal.Value): string {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** 000 §5: a type with a country list is offered for those countries (or all others when it is an exclusion list); without a list, everywhere. */
export function offeredInCountry(
  rule: Pick<ShippingRule, 'countries' | 'exclude_countries'>,
  countryCode: string | null | undefined,
): boolean {
  if (rule.countries.length === 0) return true;
  const code = (countryCode ?? '').toUpperCase();
  if (code === '') return false;
  const listed = rule.countries.some((country) => country.toUpperCase() === code);
  return rule.exclude_countries ? !listed : listed;
}

/** The total weight of the shippable lines in `unit`; a line without a weight weighs nothing. */
export function totalWeight(lines: readonly ShippingLine[], unit: WeightUnit): Decimal {
  return lines.reduce((sum, line) => {
    if (!line.is_shippable || line.weight === null || line.quantity <= 0) return sum;
    return sum.plus(convertWeight(line.weight, line.weight_unit ?? unit, unit).times(line.quantity));
  }, new Decimal(0));
}

/**
 * The band holding `weight`: min_weight ≤ weight ≤ max_weight, or ≥ min_weight for the open top
 * band. Where bands touch (0–5, 5–10) the lower band wins, so a boundary weight pays the lower
 * rate. null: no band holds it (the type cannot ship this basket).
 */
export function matchBand(bands: readonly WeightBand[], weight: Decimal): WeightBand | null {
  const sorted = [...bands].sort((a, b) => new Decimal(a.min_weight).comparedTo(b.min_weight));
  return sorted.find((band) => weight.gte(band.min_weight) && (band.max_weight === null || weight.lte(band.max_weight))) ?? null;
}

function clamp(cost: Decimal, rule: Pick<ShippingRule, 'min_cost' | 'max_cost'>): Decimal {
  let clamped = cost;
  if (rule.min_cost !== null && clamped.lt(rule.min_cost)) clamped = new Decimal(rule.min_cost);
  if (rule.max_cost !== null && clamped.gt(rule.max_cost)) clamped = new Decimal(rule.max_cost);
  return clamped;
}

/**
 * 000 §9 shipping cost: FLAT is the rate; BY_ITEM is each unit's product ship_cost, else the
 * rate; BY_WEIGHT_TABLE is the band of the total weight in the table's unit; then clamped to
 * min_cost and max_cost. null when the type cannot price the basket (a weight no band holds).
 * A basket with nothing to ship costs nothing (no clamp: min_cost is for parcels that go out).
 */
export function shippingCost(rule: ShippingRule, lines: readonly ShippingLine[]): string | null {
  const shipped = lines.filter((line) => line.is_shippable && line.quantity > 0);
  if (shipped.length === 0) return toPenny(0);
  const rate = new Decimal(rule.rate ?? 0);
  let cost: Decimal;
  switch (rule.rate_type) {
    case 'FLAT':
      cost = rate;
      break;
    case 'BY_ITEM':
      cost = shipped.reduce((sum, line) => sum.plus(new Decimal(line.ship_cost ?? rate).times(line.quantity)), new Decimal(0));
      break;
    case 'BY_WEIGHT_TABLE': {
      const unit = rule.weight_unit ?? 'KILOGRAMS';
      const band = matchBand(rule.shipping_prices, totalWeight(shipped, unit));
      if (band === null) return null;
      cost = new Decimal(band.rate);
      break;
    }
  }
  return toPenny(clamp(cost, rule));
}

export interface ShippingOption {
  rule: ShippingRule;
  cost: string;
}

/** The types offered for a country that can price the basket, each with its cost; empty: `no_shipping`. */
export function shippingOptions(
  rules: readonly ShippingRule[],
  countryCode: string | null | undefined,
  lines: readonly ShippingLine[],
): ShippingOption[] {
  const options: ShippingOption[] = [];
  for (const rule of rules) {
    if (!offeredInCountry(rule, countryCode)) continue;
    const cost = shippingCost(rule, lines);
    if (cost !== null) options.push({ rule, cost });
  }
  return options;
}

/** A basket is shippable when any line with a quantity is a shippable product (000 §2.9). */
export function isShippable(lines: readonly Pick<ShippingLine, 'quantity' | 'is_shippable'>[]): boolean {
  return lines.some((line) => line.is_shippable && line.quantity > 0);
}

/** 000 §4, 001 §5 "shipping complete": the address fields a shipment needs (with a method offered for its country). */
export const SHIPPING_ADDRESS_REQUIRED = [
  'shipping_company_name',
  'shipping_addr_line_1',
  'shipping_city',
  'shipping_postal_code',
  'shipping_country_code',
] as const;
