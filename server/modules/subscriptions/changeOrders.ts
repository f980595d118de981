import { orderName } from '../orders/orderName';
import Decimal from 'decimal.js';
import { DomainError, invalidValue, outsideScope } from '../../domain/errors';
import type { ChangeOrderFigures, ChangeOrderPlaced, ChangeOrderPreview, ChangeOrderRequest } from '../../generated/types';
import { visibleRecord } from '../../reads/recordParts';
import type { Records } from '../../writes/records';
import type { SessionUser } from '../auth/sessionUser';
import { breakdownOf, openOrderCount, subscriptionFacts, termOf, type BreakdownLine, type SubscriptionFacts } from './breakdown';
import type { Currency } from '../../../shared/pricing/types';
import { productFigures, sumOf } from './contractValue';

/** Money as the API carries it: exact to the fourth place, half up beyond (as stored money is). */
export function moneyText(value: Decimal | null): string | null {
  if (value === null) return null;
  const fixed = value.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
  const [whole, fraction = ''] = fixed.split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

const conflict = (
  code: 'subscription_not_active' | 'subscription_pending_order' | 'subscription_pending_change' | 'subscription_type_fixed',
  detail: string,
) => new DomainError('conflict', code, { detail });

/** 001 §6: vendors whose quantities are changed with the vendor, not by a change order. */
const FIXED_TYPES = new Set(['ACRONIS', 'ZOOM']);

/**
 * The subscription a change order names, read as the caller may see it (one they may not is
 * outside their scope: 422 naming the field). Placing locks its row on PostgreSQL so that two change
 * orders of one subscription are checked one after the other; a preview, which writes nothing, does not.
 */
async function changeableSubscription(
  records: Records,
  user: SessionUser,
  request: ChangeOrderRequest,
  lock: boolean,
): Promise<SubscriptionFacts> {
  if (request.order_type !== 'CHANGE_ORDER') throw invalidValue('order_type', 'only a CHANGE_ORDER changes a subscription');
  try {
    await visibleRecord('getSubscription', request.subscription, { db: records.db, user });
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') throw outsideScope('subscription');
    throw error;
  }
  const subscription = await subscriptionFacts(records.db, request.subscription, lock);
  if (request.organisation !== undefined && request.organisation !== subscription.organisation_id) throw outsideScope('organisation');
  // 001 §6's disabling rules, in the order the page's tooltips give them.
  if (subscription.status !== 'ACTIVE') throw conflict('subscription_not_active', `the subscription is ${subscription.status}`);
  if (FIXED_TYPES.has(subscription.type))
    throw conflict('subscription_type_fixed', `${subscription.type} quantities change with the vendor`);
  if (subscription.pending_change) throw conflict('subscription_pending_change', 'a change awaits activation');
  if ((await openOrderCount(records.db, subscription)) > 0)
    throw conflict('subscription_pending_order', 'an order of the subscription is still open');
  return subscription;
}

interface PlannedLine {
  line: BreakdownLine;
  increase: number;
  after: ReturnType<typeof productFigures>;
}

/** Each product of the subscription with its increase (0 when not sent) and its figures after it. */
function plan(subscription: SubscriptionFacts, lines: BreakdownLine[], request: ChangeOrderRequest): PlannedLine[] {
  const increases = new Map<number, number>();
  for (const item of request.line_items) {
    if (!lines.some((line) => line.productId === item.product))
      throw new DomainError('unprocessable', 'unknown_value', {
        field: 'line_items',
        detail: `product ${item.product} is not part of the subscription`,
      });
    if (increases.has(item.product)) throw invalidValue('line_items', `product ${item.product} is sent twice`);
    increases.set(item.product, item.quantity);
  }
  return lines.map((line) => {
    const increase = increases.get(line.productId) ?? 0;
    const quantity = line.quantity + increase;
    if (line.maxQuantity !== null && quantity > line.maxQuantity) {
      throw new DomainError('unprocessable', 'quantity_above_maximum', {
        field: 'line_items',
        detail: `at most ${line.maxQuantity} of product ${line.productId}`,
      });
    }
    const term = termOf(subscription, line.plan);
    return { line, increase, after: productFigures(line.plan, subscription.currency as Currency, quantity, term.months, term.billing) };
  });
}

const difference = (after: Decimal | null, before: Decimal | null) => (after === null || before === null ? null : after.minus(before));

function figures(productId: number, quantity: number, recurring: Decimal | null, contract: Decimal | null): ChangeOrderFigures {
  return { product: productId, quantity, recurring_cost: moneyText(recurring), total_contract_value: moneyText(contract) };
}

/**
 * POST /orders/preview (001 §4, §7): the subscription as the change would make it, the change
 * itself, and the recurring cost and contract value before and after (000 §9). Writes nothing.
 */
export async function previewChangeOrder(records: Records, user: SessionUser, request: ChangeOrderRequest): Promise<ChangeOrderPreview> {
  const subscription = await changeableSubscription(records, user, request, false);
  const planned = plan(subscription, await breakdownOf(records.db, subscription), request);
  return {
    subscription_new: planned.map(({ line, increase, after }) =>
      figures(line.productId, line.quantity + increase, after.recurringCost, after.totalContractValue),
    ),
    subscription_delta: planned.map(({ line, increase, after }) =>
      figures(
        line.productId,
        increase,
        difference(after.recurringCost, line.figures.recurringCost),
        difference(after.totalContractValue, line.figures.totalContractValue),
      ),
    ),
    rc_new: moneyText(sumOf(planned.map(({ after }) => after.recurringCost))),
    tcv_new: moneyText(sumOf(planned.map(({ after }) => after.totalContractValue))),
    rc_old: moneyText(sumOf(planned.map(({ line }) => line.figures.recurringCost))),
    tcv_old: moneyText(sumOf(planned.map(({ line }) => line.figures.totalContractValue))),
    currency: subscription.currency as ChangeOrderPreview['currency'],
  };
}

/**
 * POST /orders (001 §4): a CHANGE_ORDER of the subscription's organisation raising the quantities
 * sent (001 §5: increases only; at least one). Each line holds the increase, its recurring unit
 * price and the contract value it adds; the order's total is the contract value added. The
 * subscription's own quantities change when the order is fulfilled: until then it is an open
 * order, and the subscription takes no other change (001 §6 "pending order").
 */
export async function placeChangeOrder(records: Records, user: SessionUser, request: ChangeOrderRequest): Promise<ChangeOrderPlaced> {
  const subscription = await changeableSubscription(records, user, request, true);
  const planned = plan(subscription, await breakdownOf(records.db, subscription), request).filter((line) => line.increase > 0);
  if (planned.length === 0)
    throw new DomainError('unprocessable', 'change_order_empty', { field: 'line_items', detail: 'no quantity is raised' });
  const added = planned.map(({ line, after }) => difference(after.totalContractValue, line.figures.totalContractValue));
  const total = sumOf(added) ?? new Decimal(0);
  const products = new Map(
    (
      (await records
        .db('products')
        .whereIn(
          'id',
          planned.map(({ line }) => line.productId),
        )
        .select('id', 'name')) as { id: number; name: string }[]
    ).map((row) => [Number(row.id), row.name]),
  );
  const id = await records.insert(
    'order',
    {
      // Replaced by its reference (orderName) in the same insert: the audit entry only ever shows that.
      name: 'HUB-new',
      organisation: subscription.organisation_id,
      total: total.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      currency: subscription.currency,
      date: records.now().getTime(),
      created_by_user: user.id,
      order_type: 'CHANGE_ORDER',
      status: 'CREATED',
      payment_type: 'ON_ACCOUNT',
      subscription: subscription.id,
    },
    { derive: orderName },
  );
  for (const [index, { line, increase, after }] of planned.entries()) {
    const name = products.get(line.productId) ?? String(line.productId);
    const unit =
      after.recurringCost === null
        ? null
        : after.recurringCost
            .dividedBy(line.quantity + increase)
            .toDecimalPlaces(4, Decimal.ROUND_HALF_UP)
            .toFixed(4);
    await records.insert(
      'order_line_item',
      {
        order: id,
        name,
        product: line.productId,
        quantity: increase,
        price: unit,
        original_price: unit,
        sub_total_for_item: added[index] === null ? null : added[index]!.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
        selected_rate_plan: line.plan?.id ?? null,
      },
      { auditOn: { entity: 'order', id, field: 'line_items', value: name } },
    );
  }
  return { id, name: orderName(id).name };
}
