import type { Knex } from 'knex';
import { decodeRow, decodeValue } from '../../db/codec';
import type {
  ChargeCost,
  Product,
  ProductOption,
  PublicProduct,
  PublicRatePlan,
  RatePlan,
  RatePlanCharge,
  Vendor,
  ProductType,
} from '../../generated/types';
import type { PriceListChoice } from './priceLists';

const PRODUCT_FIELDS = [
  'id',
  'name',
  'product_code',
  'description',
  'detailed_description',
  'featured_description',
  'stock',
  'show_in_webstore',
  'is_financeable',
  'is_shippable',
  'active',
  'draft',
  'subscription_type',
  'subscription_product_type',
  'thumb_url',
  'main_image_url',
  'datasheet_url',
  'guide_url',
  'quickstart_url',
  'weight',
  'weight_unit',
  'popularity',
] as const;

/** Columns to select for productsToViews: every product column plus the joined prices. */
export const PRODUCT_COLUMNS = ['p.*', 'pli.price as list_price', 'pli.rrp as list_rrp', 'pli.ship_cost as list_ship_cost'];

const money = (value: unknown) => decodeValue({ column: '', type: 'money', scale: 4 }, value) as string | null;

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

/** Rate plans with their charges and costs in one currency: three queries for any number of products. */
async function ratePlansOf(db: Knex, productIds: number[], currency: string): Promise<Map<number, RatePlan[]>> {
  const plans = await db('rate_plans').whereIn('product_id', productIds).orderBy(['product_id', 'position', 'id']);
  const charges =
    plans.length === 0
      ? []
      : await db('rate_plan_charges')
          .whereIn(
            'rate_plan_id',
            plans.map((plan) => plan.id),
          )
          .orderBy(['position', 'id']);
  const costs =
    charges.length === 0
      ? []
      : await db('rate_plan_charge_costs')
          .whereIn(
            'rate_plan_charge_id',
            charges.map((charge) => charge.id),
          )
          .where('currency', currency)
          .orderByRaw('starting_unit is null desc')
          .orderBy(['starting_unit', 'id']);
  const costsByCharge = groupBy(costs, (cost) => Number(cost.rate_plan_charge_id));
  const chargesByPlan = groupBy(charges, (charge) => Number(charge.rate_plan_id));
  const byProduct = new Map<number, RatePlan[]>();
  for (const plan of plans) {
    const planCharges: RatePlanCharge[] = (chargesByPlan.get(Number(plan.id)) ?? []).map((charge) => ({
      ...(decodeRow('rate_plan_charge', charge, ['id', 'name', 'charge_type', 'charge_model', 'unit_of_measure']) as Omit<
        RatePlanCharge,
        'rate_plan_charge_costs'
      >),
      rate_plan_charge_costs: (costsByCharge.get(Number(charge.id)) ?? []).map((cost) =>
        decodeRow<ChargeCost>('rate_plan_charge_cost', cost, ['currency', 'charge_cost_price', 'starting_unit', 'ending_unit']),
      ),
    }));
    const view: RatePlan = {
      ...(decodeRow('rate_plan', plan, ['id', 'name', 'billing_frequency', 'term_length', 'min_quantity', 'max_quantity']) as Omit<
        RatePlan,
        'default' | 'rate_plan_charges'
      >),
      default: decodeValue({ column: '', type: 'boolean' }, plan.is_default) as boolean,
      rate_plan_charges: planCharges,
    };
    const list = byProduct.get(Number(plan.product_id));
    if (list) list.push(view);
    else byProduct.set(Number(plan.product_id), [view]);
  }
  return byProduct;
}

async function optionsOf(db: Knex, productIds: number[], priceListId: number | null) {
  const rows = await db('product_options as po')
    .join('products as op', 'op.id', 'po.option_product_id')
    .leftJoin('price_list_items as pli', (join) => {
      join.on('pli.product_id', '=', 'op.id').andOn('pli.price_list_id', '=', db.raw('?', [priceListId ?? 0]));
    })
    .whereIn('po.product_id', productIds)
    .orderBy(['po.product_id', 'op.name', 'po.id'])
    .select('po.product_id', 'po.kind', 'po.dovetail', 'op.id', 'op.name', 'pli.price');
  const maintenance = new Map<number, ProductOption[]>();
  const provisioning = new Map<number, ProductOption[]>();
  for (const row of rows) {
    const target = row.kind === 'MAINTENANCE' ? maintenance : provisioning;
    const option: ProductOption = {
      id: Number(row.id),
      name: row.name,
      price: money(row.price),
      dovetail: decodeValue({ column: '', type: 'boolean' }, row.dovetail) as boolean,
    };
    const list = target.get(Number(row.product_id));
    if (list) list.push(option);
    else target.set(Number(row.product_id), [option]);
  }
  return { maintenance, provisioning };
}

async function lookups(db: Knex, rows: Record<string, unknown>[]) {
  const ids = (column: string) => [...new Set(rows.map((row) => row[column]).filter((id) => id !== null && id !== undefined))] as number[];
  const vendors = ids('vendor_id').length === 0 ? [] : await db('vendors').whereIn('id', ids('vendor_id'));
  const types = ids('product_type_id').length === 0 ? [] : await db('product_types').whereIn('id', ids('product_type_id'));
  return {
    vendor: new Map(vendors.map((row) => [Number(row.id), decodeRow<Vendor>('vendor', row, ['id', 'name', 'image_url'])])),
    type: new Map(types.map((row) => [Number(row.id), decodeRow<ProductType>('product_type', row, ['id', 'name'])])),
  };
}

/** The signed-in view of product rows (selected with PRODUCT_COLUMNS), with every relation batched. */
export async function productsToViews(db: Knex, rows: Record<string, unknown>[], list: PriceListChoice): Promise<Product[]> {
  if (rows.length === 0) return [];
  const productIds = rows.map((row) => Number(row['id']));
  // In a transaction (checkout prices its lines in one) there is one connection: the queries run in
  // turn, as side by side they would only queue (and pg warns of overlapping queries on a client).
  const [{ vendor, type }, plans, { maintenance, provisioning }] = db.isTransaction
    ? [await lookups(db, rows), await ratePlansOf(db, productIds, list.currency), await optionsOf(db, productIds, list.id)]
    : await Promise.all([lookups(db, rows), ratePlansOf(db, productIds, list.currency), optionsOf(db, productIds, list.id)]);
  return rows.map((row) => {
    const id = Number(row['id']);
    return {
      ...(decodeRow('product', row, PRODUCT_FIELDS) as Omit<
        Product,
        'currency' | 'price' | 'rrp' | 'ship_cost' | 'vendor' | 'product_type' | 'maintenance' | 'provisioning' | 'rate_plans'
      >),
      currency: list.currency,
      price: money(row['list_price']),
      rrp: money(row['list_rrp']),
      ship_cost: money(row['list_ship_cost']),
      vendor: row['vendor_id'] === null ? null : (vendor.get(Number(row['vendor_id'])) ?? null),
      product_type: row['product_type_id'] === null ? null : (type.get(Number(row['product_type_id'])) ?? null),
      maintenance: maintenance.get(id) ?? [],
      provisioning: provisioning.get(id) ?? [],
      rate_plans: plans.get(id) ?? [],
    };
  });
}

/** Rate plans without their costs: charge costs are buy prices. */
function withoutCosts(plans: RatePlan[]): PublicRatePlan[] {
  return plans.map((plan) => ({
    ...plan,
    rate_plan_charges: plan.rate_plan_charges.map((charge) => ({
      ...charge,
      rate_plan_charge_costs: charge.rate_plan_charge_costs.map(({ currency, starting_unit, ending_unit }) => ({
        currency,
        starting_unit,
        ending_unit,
      })),
    })),
  }));
}

/** The anonymous view: built field by field so no buy price can slip through. */
export async function productsToPublicViews(db: Knex, rows: Record<string, unknown>[], list: PriceListChoice): Promise<PublicProduct[]> {
  if (rows.length === 0) return [];
  const productIds = rows.map((row) => Number(row['id']));
  const [{ vendor, type }, plans] = await Promise.all([lookups(db, rows), ratePlansOf(db, productIds, list.currency)]);
  const publicFields = PRODUCT_FIELDS.filter((field) => field !== 'weight' && field !== 'weight_unit');
  return rows.map((row) => ({
    ...(decodeRow('product', row, publicFields) as Omit<PublicProduct, 'currency' | 'rrp' | 'vendor' | 'product_type' | 'rate_plans'>),
    currency: list.currency,
    rrp: money(row['list_rrp']),
    vendor: row['vendor_id'] === null ? null : (vendor.get(Number(row['vendor_id'])) ?? null),
    product_type: row['product_type_id'] === null ? null : (type.get(Number(row['product_type_id'])) ?? null),
    rate_plans: withoutCosts(plans.get(Number(row['id'])) ?? []),
  }));
}
