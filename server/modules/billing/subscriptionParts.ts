import { notSignedIn } from '../../domain/errors';
import { decodeRow } from '../../db/codec';
import { breakdownOf, subscriptionFacts } from '../subscriptions/breakdown';
import { moneyText } from '../subscriptions/changeOrders';
import { genericGet } from '../../reads/genericList';
import type { GenericMeta, Handler, RequestContext } from '../../http/operationDef';
import { operations } from '../../generated/operations';
import type { SubscribedProduct, Subscription, SubscriptionOrder, SubscriptionProduct } from '../../generated/types';

/** getSubscription's scope, looked up on use: the operation table imports this module. */
function subscriptionInScope(): GenericMeta {
  return operations.find((operation) => operation.id === 'getSubscription')!.generic!;
}

/** The subscription, if the caller may see it; otherwise a 404, as for a missing one. */
async function visibleSubscription(id: number, context: RequestContext): Promise<Pick<Subscription, 'id' | 'order'>> {
  if (!context.user) throw notSignedIn();
  return (await genericGet(context.db, subscriptionInScope(), {
    params: { id },
    query: {},
    user: context.user,
  })) as unknown as Subscription;
}

/**
 * The breakdown (001 §2): each product with its plan, recurring cost and contract value at today's
 * quantity (000 §9, server/modules/subscriptions/breakdown.ts) and the quantities a change may take.
 */
export const listSubscriptionProducts: Handler<'listSubscriptionProducts'> = async ({ params }, context) => {
  await visibleSubscription(params.id, context);
  const facts = await subscriptionFacts(context.db, params.id);
  const lines = new Map((await breakdownOf(context.db, facts)).map((line) => [line.id, line]));
  const rows = (await context
    .db('subscription_products as s')
    .join('products as p', 'p.id', 's.product_id')
    .where('s.subscription_id', params.id)
    .orderBy('s.id')
    .select('s.*', 'p.name', 'p.product_code', 'p.subscription_product_type')) as Record<string, unknown>[];
  return rows.map((row): SubscriptionProduct => {
    const line = lines.get(Number(row['id']))!;
    return {
      ...decodeRow<Pick<SubscriptionProduct, 'id' | 'quantity' | 'order_line_item_id'>>('subscription_product', row, [
        'id',
        'quantity',
        'order_line_item_id',
      ]),
      product: {
        ...decodeRow<SubscribedProduct>('product', row, ['name', 'product_code', 'subscription_product_type']),
        id: Number(row['product_id']),
      },
      rate_plan: line.plan?.name ?? null,
      recurring_cost: moneyText(line.figures.recurringCost),
      total_contract_value: moneyText(line.figures.totalContractValue),
      min_quantity: line.minQuantity,
      max_quantity: line.maxQuantity,
      volume_ranges: line.volumeRanges,
    };
  });
};

export const listSubscriptionOrders: Handler<'listSubscriptionOrders'> = async ({ params }, context) => {
  const subscription = await visibleSubscription(params.id, context);
  const rows = (await context
    .db('orders')
    .where('subscription_id', subscription.id)
    .orWhere('id', subscription.order?.id ?? 0)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')) as Record<string, unknown>[];
  return rows.map((row) =>
    decodeRow<SubscriptionOrder>('order', row, ['id', 'name', 'supplier_ref', 'order_type', 'date', 'status', 'total', 'currency']),
  );
};
