import Decimal from 'decimal.js';
import { toScaled } from '../../server/db/scaled';

/** A small deterministic generator (mulberry32), so a benchmark catalogue is the same every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const PRODUCT_TYPE_NAMES = ['Hardware', 'Software', 'Subscription', 'Service', 'Accessory'] as const;
export type ProductTypeName = (typeof PRODUCT_TYPE_NAMES)[number];

const SUBSCRIPTION_TYPES = ['ACRONIS', 'DROPBOX', 'NUVIAS', 'SBC_AS_A_SERVICE', 'STAC_TEAMS', 'STAC_ZOOM_PHONE', 'ZOOM'] as const;
const EUR_PER_GBP = new Decimal('1.17');
const RRP_MARKUP = new Decimal('1.2');
const TEXT_STOCK = ['In transit', 'Due 2 weeks', 'Call for availability'];

/** Nouns per type, so names read like a catalogue ("Pro Edge Video Bar 4711") and text search has words to find. */
const NOUNS: Record<Exclude<ProductTypeName, 'Subscription'>, string[]> = {
  Hardware: ['Video Bar', 'Camera', 'IP Phone', 'Codec', 'Display', 'Gateway', 'Touch Panel'],
  Accessory: ['Headset', 'Speakerphone', 'Webcam', 'Cable', 'Wall Mount', 'Microphone'],
  Software: ['Licence', 'Room Licence', 'Upgrade'],
  Service: ['Installation', 'Support Pack', 'Training'],
};
const WORDS = ['Pro', 'Max', 'Mini', 'Room', 'Desk', 'Edge', 'Core', 'Air', 'One', 'Studio', 'Flex', 'Plus'];

/** Every tenth product is a subscription, so counts in tests and benchmarks are predictable. */
export const isSubscriptionIndex = (index: number): boolean => index % 10 === 0;
/** Each subscription product has an annual (default) and a monthly plan. */
export const PLANS_PER_SUBSCRIPTION = 2;

export interface SyntheticContext {
  random: () => number;
  vendorIds: number[];
  typeIds: Record<ProductTypeName, number>;
  lists: { gbp: number; eur: number };
  /** The next free id of a table (ids are explicit, so the catalogue is the same on every database). */
  nextId: (table: 'price_list_items' | 'rate_plans' | 'rate_plan_charges' | 'rate_plan_charge_costs') => number;
}

export interface SyntheticRows {
  products: Record<string, unknown>[];
  prices: Record<string, unknown>[];
  ratePlans: Record<string, unknown>[];
  charges: Record<string, unknown>[];
  costs: Record<string, unknown>[];
}

export const emptyRows = (): SyntheticRows => ({ products: [], prices: [], ratePlans: [], charges: [], costs: [] });

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function pickType(random: () => number): Exclude<ProductTypeName, 'Subscription'> {
  const roll = random();
  if (roll < 0.45) return 'Hardware';
  if (roll < 0.7) return 'Accessory';
  if (roll < 0.85) return 'Software';
  return 'Service';
}

function stockFor(random: () => number): string {
  const roll = random();
  if (roll < 0.1) return '0';
  if (roll < 0.15) return pick(random, TEXT_STOCK);
  return String(1 + Math.floor(random() * 500));
}

const money = (value: Decimal) => toScaled(value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP));

function addPrices(context: SyntheticContext, rows: SyntheticRows, productId: number, price: Decimal | null): void {
  for (const [listId, factor] of [
    [context.lists.gbp, new Decimal(1)],
    [context.lists.eur, EUR_PER_GBP],
  ] as const) {
    const listPrice = price && price.times(factor).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    rows.prices.push({
      id: context.nextId('price_list_items'),
      price_list_id: listId,
      product_id: productId,
      price: listPrice && money(listPrice),
      rrp: listPrice && money(listPrice.times(RRP_MARKUP)),
      ship_cost: null,
    });
  }
}

function addRatePlans(context: SyntheticContext, rows: SyntheticRows, productId: number, annualPerUnit: Decimal): void {
  const plans = [
    { name: 'Annual', is_default: true, billing_frequency: 'ANNUALLY', term_length: 12, cost: annualPerUnit },
    { name: 'Monthly', is_default: false, billing_frequency: 'MONTHLY', term_length: 1, cost: annualPerUnit.div(10) },
  ];
  plans.forEach((plan, position) => {
    const planId = context.nextId('rate_plans');
    rows.ratePlans.push({
      id: planId,
      product_id: productId,
      name: plan.name,
      is_default: plan.is_default,
      billing_frequency: plan.billing_frequency,
      term_length: plan.term_length,
      min_quantity: 1,
      max_quantity: null,
      position,
    });
    const chargeId = context.nextId('rate_plan_charges');
    rows.charges.push({
      id: chargeId,
      rate_plan_id: planId,
      name: 'Licence',
      charge_type: 'RECURRING',
      charge_model: 'PER_UNIT',
      unit_of_measure: 'licence',
      position: 0,
    });
    for (const [currency, factor] of [
      ['GBP', new Decimal(1)],
      ['EUR', EUR_PER_GBP],
    ] as const) {
      rows.costs.push({
        id: context.nextId('rate_plan_charge_costs'),
        rate_plan_charge_id: chargeId,
        currency,
        charge_cost_price: money(plan.cost.times(factor)),
        starting_unit: null,
        ending_unit: null,
      });
    }
  });
}

/** Appends the rows of the index-th synthetic product (0-based) with the given id. */
export function addSyntheticProduct(context: SyntheticContext, rows: SyntheticRows, index: number, productId: number): void {
  const { random } = context;
  const subscription = isSubscriptionIndex(index);
  const typeName: ProductTypeName = subscription ? 'Subscription' : pickType(random);
  const shippable = typeName === 'Hardware' || typeName === 'Accessory';
  const noun = typeName === 'Subscription' ? 'Cloud Plan' : pick(random, NOUNS[typeName]);
  const vendorId = random() < 0.03 ? null : pick(random, context.vendorIds);
  // A few of each kind lack a type, for the "No type" filter; subscriptions keep theirs.
  const typeId = !subscription && random() < 0.02 ? null : context.typeIds[typeName];
  rows.products.push({
    id: productId,
    name: `${pick(random, WORDS)} ${pick(random, WORDS)} ${noun} ${index + 1}`,
    product_code: `SYN-${String(productId).padStart(7, '0')}`,
    description: `Synthetic ${noun.toLowerCase()} number ${index + 1}, generated for benchmarks.`,
    stock: shippable ? stockFor(random) : null,
    show_in_webstore: random() > 0.05,
    is_financeable: random() > 0.5,
    is_shippable: shippable,
    active: true,
    draft: false,
    subscription_type: subscription ? SUBSCRIPTION_TYPES[(index / 10) % SUBSCRIPTION_TYPES.length] : null,
    subscription_product_type: subscription ? (index % 50 === 0 ? 'ADD_ON' : 'BASE') : null,
    weight: shippable ? toScaled(new Decimal(Math.floor(random() * 20000) + 50).div(1000)) : null,
    weight_unit: shippable ? 'KILOGRAMS' : null,
    popularity: Math.floor(random() * 10000),
    vendor_id: vendorId,
    product_type_id: typeId,
  });
  const price = new Decimal(Math.floor(random() * 500000) + 100).div(100);
  if (subscription) {
    // Subscriptions are priced by their rate plans; their list rows carry no price, as in the demo.
    addPrices(context, rows, productId, null);
    addRatePlans(context, rows, productId, price.div(10).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).plus(1));
  } else {
    addPrices(context, rows, productId, random() < 0.02 ? null : price);
  }
}
