import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import { toScaled } from '../../server/db/scaled';
import { breakdownOf, subscriptionFacts, termOf } from '../../server/modules/subscriptions/breakdown';
import { productFigures, sumOf } from '../../server/modules/subscriptions/contractValue';
import type { Currency } from '../../shared/pricing/types';

/**
 * The subscription each demo change order changed (001 §2 change-order view, §3 Order.subscription),
 * and how many more of its product it asked for. The orders area makes every fourth demo order a
 * CHANGE_ORDER; this names, for each, a subscription of the same organisation:
 * - HUB-10004 (Customer Co, PART_SHIPPED): "Teams calling", SUSPENDED.
 * - HUB-10008 (EU Customer, FAILED): "Dropbox archive", EXPIRED.
 * - HUB-10012 (the branch, PROCESSING): "Branch session border controller", ACTIVE; the open order
 *   locks its quantities, so the demo shows 001 §6's "pending order" rule.
 * - HUB-10016 (Customer Co, COMPLETE): "Dropbox team storage", whose 18 users include these 3; a
 *   COMPLETE order leaves it open to the buyer's next change order.
 * - HUB-10020 (Other Customer, CANCELLED): "Acronis protection", ACTIVE.
 */
export const DEMO_CHANGE_ORDERS: readonly { order: number; subscription: number; product: string; increase: number }[] = [
  { order: 4, subscription: 4, product: 'STAC-TEAMS-DR', increase: 10 },
  { order: 8, subscription: 11, product: 'DBX-BUS-STD', increase: 2 },
  { order: 12, subscription: 6, product: 'SBC-AAS-100', increase: 5 },
  { order: 16, subscription: 2, product: 'DBX-BUS-STD', increase: 3 },
  { order: 20, subscription: 12, product: 'ACR-CP-STD', increase: 5 },
];

/** A subscription's quantities change when its change order is fulfilled (docs/after-sale.md). */
const FULFILLED = 'COMPLETE';

/**
 * Links the demo's change orders to their subscriptions and gives each the line and total
 * `POST /orders` would have given it when it was placed (server/modules/subscriptions/changeOrders.ts):
 * the increase, the recurring unit price after it, and the contract value it adds (000 §9), the
 * order's total being that value. A fulfilled order's increase is already part of the
 * subscription's quantity, so it was placed from the quantity less the increase.
 * Needs the demo orders and the subscriptions with their products in place.
 */
export async function linkChangeOrders(db: Knex): Promise<void> {
  for (const change of DEMO_CHANGE_ORDERS) {
    const order = (await db('orders').where('id', change.order).first('order_type', 'status', 'organisation_id')) as
      { order_type: string; status: string; organisation_id: number } | undefined;
    if (order?.order_type !== 'CHANGE_ORDER') throw new Error(`demo order ${change.order} is not a change order`);
    const subscription = await subscriptionFacts(db, change.subscription);
    if (subscription.organisation_id !== Number(order.organisation_id))
      throw new Error(`demo change order ${change.order} and subscription ${change.subscription} belong to different organisations`);
    const product = (await db('products').where('product_code', change.product).first('id', 'name')) as { id: number; name: string };
    const line = (await breakdownOf(db, subscription)).find((candidate) => candidate.productId === Number(product.id));
    if (!line) throw new Error(`demo subscription ${change.subscription} has no ${change.product}`);
    const after = order.status === FULFILLED ? line.quantity : line.quantity + change.increase;
    const term = termOf(subscription, line.plan);
    const figuresAt = (quantity: number) =>
      productFigures(line.plan, subscription.currency as Currency, quantity, term.months, term.billing);
    const [before, then] = [figuresAt(after - change.increase), figuresAt(after)];
    const added =
      sumOf([then.totalContractValue, before.totalContractValue === null ? null : before.totalContractValue.negated()]) ?? new Decimal(0);
    const unit = then.recurringCost === null ? null : then.recurringCost.dividedBy(after).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
    const addedMoney = added.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    // Explicit ids, as every demo row has: PostgreSQL's sequences are moved past them at the end.
    const last = (await db('order_line_items').max({ id: 'id' }).first()) as { id: number | null } | undefined;
    await db('order_line_items').insert({
      id: Number(last?.id ?? 0) + 1,
      order_id: change.order,
      product_id: Number(product.id),
      name: product.name,
      quantity: change.increase,
      price: unit === null ? null : toScaled(unit),
      original_price: unit === null ? null : toScaled(unit),
      sub_total_for_item: toScaled(addedMoney),
      discount: toScaled('0'),
      selected_rate_plan_id: line.plan?.id ?? null,
    });
    await db('orders')
      .where('id', change.order)
      .update({ subscription_id: change.subscription, total: toScaled(addedMoney), currency: subscription.currency });
  }
}
