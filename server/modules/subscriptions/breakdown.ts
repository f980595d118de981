import type { Knex } from 'knex';
import { fromScaled } from '../../db/scaled';
import type { Currency, RatePlanChargeLike } from '../../../shared/pricing/types';
import { planFor, productFigures, sumOf, type BillingFrequency, type Plan, type ProductFigures } from './contractValue';
import { onPostgres } from '../../db/dialect';

/** The subscription fields its figures and rules read. */
export interface SubscriptionFacts {
  id: number;
  name: string;
  status: string;
  type: string;
  organisation_id: number;
  currency: string;
  billing_frequency: BillingFrequency | null;
  renewal_term_months: number | null;
  pending_change: boolean;
  order_id: number | null;
  start_date: string | null;
}

/** One product of the subscription with its plan and the figures of its current quantity. */
export interface BreakdownLine {
  id: number;
  productId: number;
  quantity: number;
  plan: Plan | null;
  figures: ProductFigures;
  /** 001 §5: the quantity may not go below the original one, nor below 1. */
  minQuantity: number;
  /** 001 §5: the plan's max_quantity, when it has one. */
  maxQuantity: number | null;
  /** 001 §5: the volume tiers still open to it (ending unit at least the original quantity). */
  volumeRanges: { starting_unit: number | null; ending_unit: number | null }[];
}

/** The stored subscription's facts (no scope: the caller has read it as its get shows it first). */
export async function subscriptionFacts(db: Knex, id: number, lock = false): Promise<SubscriptionFacts> {
  const query = db('subscriptions').where('id', id);
  if (lock && onPostgres(db)) query.forUpdate();
  const row = (await query.first()) as Record<string, unknown>;
  return {
    id: Number(row['id']),
    name: String(row['name']),
    status: String(row['status']),
    type: String(row['type']),
    organisation_id: Number(row['organisation_id']),
    currency: String(row['currency']),
    billing_frequency: (row['billing_frequency'] ?? null) as SubscriptionFacts['billing_frequency'],
    renewal_term_months: row['renewal_term_months'] === null ? null : Number(row['renewal_term_months']),
    pending_change: Boolean(row['pending_change']),
    order_id: row['order_id'] === null ? null : Number(row['order_id']),
    start_date: (row['start_date'] ?? null) as string | null,
  };
}

/** The contract's months (its renewal term, else the plan's) and its billing frequency (else the plan's). */
export function termOf(subscription: SubscriptionFacts, plan: Plan | null): { months: number; billing: BillingFrequency } {
  return {
    months: subscription.renewal_term_months ?? plan?.term_length ?? 12,
    billing: subscription.billing_frequency ?? plan?.billing_frequency ?? 'MONTHLY',
  };
}

/** Every rate plan of these products with their recurring, one-off and usage charges in one currency. */
export async function plansOf(db: Knex, productIds: readonly number[], currency: string): Promise<Map<number, Plan[]>> {
  const plans = (await db('rate_plans').whereIn('product_id', productIds).orderBy('position').orderBy('id')) as Record<string, unknown>[];
  const planIds = plans.map((plan) => Number(plan['id']));
  const charges =
    planIds.length === 0
      ? []
      : ((await db('rate_plan_charges').whereIn('rate_plan_id', planIds).orderBy('position').orderBy('id')) as Record<string, unknown>[]);
  const chargeIds = charges.map((charge) => Number(charge['id']));
  const costs =
    chargeIds.length === 0
      ? []
      : ((await db('rate_plan_charge_costs')
          .whereIn('rate_plan_charge_id', chargeIds)
          .where('currency', currency)
          .orderByRaw('coalesce(starting_unit, 0)')
          .orderBy('id')) as Record<string, unknown>[]);
  const byProduct = new Map<number, Plan[]>();
  for (const row of plans) {
    const plan: Plan = {
      id: Number(row['id']),
      name: String(row['name']),
      is_default: Boolean(row['is_default']),
      billing_frequency: row['billing_frequency'] as BillingFrequency,
      term_length: Number(row['term_length']),
      min_quantity: row['min_quantity'] === null ? null : Number(row['min_quantity']),
      max_quantity: row['max_quantity'] === null ? null : Number(row['max_quantity']),
      charges: charges
        .filter((charge) => Number(charge['rate_plan_id']) === Number(row['id']))
        .map((charge): RatePlanChargeLike => ({
          charge_type: charge['charge_type'] as RatePlanChargeLike['charge_type'],
          charge_model: charge['charge_model'] as RatePlanChargeLike['charge_model'],
          rate_plan_charge_costs: costs
            .filter((cost) => Number(cost['rate_plan_charge_id']) === Number(charge['id']))
            .map((cost) => ({
              currency: currency as Currency,
              charge_cost_price: fromScaled(cost['charge_cost_price'] as string | number),
              starting_unit: cost['starting_unit'] === null ? null : Number(cost['starting_unit']),
              ending_unit: cost['ending_unit'] === null ? null : Number(cost['ending_unit']),
            })),
        })),
    };
    const productId = Number(row['product_id']);
    byProduct.set(productId, [...(byProduct.get(productId) ?? []), plan]);
  }
  return byProduct;
}

/** The subscription's products in id order, each with its plan, figures and quantity rules. */
export async function breakdownOf(db: Knex, subscription: SubscriptionFacts): Promise<BreakdownLine[]> {
  const rows = (await db('subscription_products').where('subscription_id', subscription.id).orderBy('id')) as Record<string, unknown>[];
  const plans = await plansOf(
    db,
    rows.map((row) => Number(row['product_id'])),
    subscription.currency,
  );
  return rows.map((row) => {
    const productId = Number(row['product_id']);
    const quantity = Number(row['quantity']);
    const plan = planFor(plans.get(productId) ?? [], subscription.billing_frequency, subscription.renewal_term_months);
    const term = termOf(subscription, plan);
    const volume = plan?.charges.find((charge) => charge.charge_model === 'VOLUME');
    return {
      id: Number(row['id']),
      productId,
      quantity,
      plan,
      figures: productFigures(plan, subscription.currency as Currency, quantity, term.months, term.billing),
      minQuantity: Math.max(quantity, 1),
      maxQuantity: plan?.max_quantity ?? null,
      volumeRanges: (volume?.rate_plan_charge_costs ?? [])
        .filter((cost) => cost.ending_unit == null || cost.ending_unit >= quantity)
        .map((cost) => ({ starting_unit: cost.starting_unit ?? null, ending_unit: cost.ending_unit ?? null })),
    };
  });
}

/**
 * The subscription's own recurring cost and total contract value (001 §3): its products' figures
 * summed, unpriced (null) when one of them is. The record stores them; whatever changes what they
 * follow from (the renewal term) stores them again, so the record and its breakdown agree.
 */
export async function subscriptionTotals(db: Knex, subscription: SubscriptionFacts): Promise<ProductFigures> {
  const lines = await breakdownOf(db, subscription);
  return {
    recurringCost: sumOf(lines.map((line) => line.figures.recurringCost)),
    totalContractValue: sumOf(lines.map((line) => line.figures.totalContractValue)),
  };
}

/** 001 §4: an order in the subscription's history is open unless FAILED, CANCELLED or COMPLETE. */
export async function openOrderCount(db: Knex, subscription: Pick<SubscriptionFacts, 'id' | 'order_id'>): Promise<number> {
  const counted = await db('orders')
    .where((history) => history.where('subscription_id', subscription.id).orWhere('id', subscription.order_id ?? 0))
    .whereNotIn('status', ['FAILED', 'CANCELLED', 'COMPLETE'])
    .count({ n: '*' })
    .first();
  return Number(counted?.['n'] ?? 0);
}
