import { decodeRow } from '../../db/codec';
import { genericGet } from '../../http/genericList';
import type { GenericMeta, Handler, RequestContext } from '../../http/operationDef';
import { unauthenticated } from '../../http/problem';
import { operations } from '../../generated/operations';
import type { SubscribedProduct, SubscriptionOrder, SubscriptionProduct } from '../../generated/types';

/** getSubscription's scope, looked up on use: the operation table imports this module. */
function subscriptionInScope(): GenericMeta {
  return operations.find((operation) => operation.id === 'getSubscription')!.generic!;
}

/** The subscription, if the caller may see it; otherwise a 404, as for a missing one. */
async function visibleSubscription(id: number, context: RequestContext): Promise<{ id: number; order_id: number | null }> {
  if (!context.user) throw unauthenticated();
  return (await genericGet(context.db, subscriptionInScope(), { params: { id }, query: {}, user: context.user })) as { id: number; order_id: number | null };
}

export const listSubscriptionProducts: Handler<'listSubscriptionProducts'> = async ({ params }, context) => {
  const subscription = await visibleSubscription(params.id, context);
  const rows = (await context.db('subscription_products as s')
    .join('products as p', 'p.id', 's.product_id')
    .where('s.subscription_id', subscription.id)
    .orderBy('s.id')
    .select('s.*', 'p.name', 'p.product_code', 'p.subscription_product_type')) as Record<string, unknown>[];
  return rows.map((row): SubscriptionProduct => ({
    ...decodeRow<Omit<SubscriptionProduct, 'product'>>('subscription_product', row, ['id', 'quantity', 'order_line_item_id']),
    product: { ...decodeRow<SubscribedProduct>('product', row, ['name', 'product_code', 'subscription_product_type']), id: Number(row['product_id']) },
  }));
};

export const listSubscriptionOrders: Handler<'listSubscriptionOrders'> = async ({ params }, context) => {
  const subscription = await visibleSubscription(params.id, context);
  const rows = (await context.db('orders')
    .where('subscription_id', subscription.id)
    .orWhere('id', subscription.order_id ?? 0)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')) as Record<string, unknown>[];
  return rows.map((row) => decodeRow<SubscriptionOrder>('order', row, ['id', 'name', 'supplier_ref', 'order_type', 'date', 'status', 'total', 'currency']));
};
