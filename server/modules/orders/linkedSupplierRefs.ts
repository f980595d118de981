import type { Knex } from 'knex';
import { DomainError } from '../../domain/errors';
import type { Order, SupplierRefMatch } from '../../generated/types';
import type { Handler } from '../../http/operationDef';
import { visibleRecord } from '../../reads/recordParts';
import { matchesSoRegex } from '../../../shared/orders/soRegex';

/** Statuses in which an order's linked references are settled (001 §4). */
const SETTLED: readonly Order['status'][] = ['FAILED', 'CANCELLED', 'COMPLETE'];

function checkFormat(ref: string, field: string): void {
  if (!matchesSoRegex(ref)) throw new DomainError('invalid', 'so_regex', { field, detail: `${ref} does not begin with two of S and O` });
}

/**
 * The order whose supplier reference this is: a reference "exists" when the supplier's system
 * gave it to an order of the hub (the only sales orders the hub knows). Exact, as stored.
 */
async function orderWithRef(db: Knex, ref: string): Promise<SupplierRefMatch | undefined> {
  const row = (await db('orders').where('supplier_ref', ref).orderBy('id').first('id', 'name', 'supplier_ref')) as
    SupplierRefMatch | undefined;
  return row && { id: Number(row.id), name: row.name, supplier_ref: row.supplier_ref };
}

/** GET /lookup/supplier_ref/{ref} (001 §7): the order carrying the reference; 404 so_ref_not_found, 400 so_regex. */
export const lookupSupplierRef: Handler<'lookupSupplierRef'> = async ({ params }, context) => {
  const ref = params.ref.trim();
  checkFormat(ref, 'ref');
  const match = await orderWithRef(context.db, ref);
  if (!match)
    throw new DomainError('not_found', 'so_ref_not_found', { field: 'ref', detail: `no order has the supplier reference ${ref}` });
  return match;
};

/**
 * PUT /orders/{id} (001 §2, §4, §7): the order's linked supplier references become the list sent,
 * trimmed and without repeats. Only a SALES_ORDER that is not FAILED, CANCELLED or COMPLETE (409
 * invalid_state); every reference must match so_regex (400) and a reference newly linked must exist
 * (422 so_ref_not_found). Each one added or removed is an audit entry of the order.
 */
export const updateOrder: Handler<'updateOrder'> = async ({ params, body }, context) => {
  const order = (await visibleRecord('getOrder', params.id, context)) as unknown as Order;
  if (order.order_type !== 'SALES_ORDER' || SETTLED.includes(order.status)) {
    throw new DomainError('conflict', 'invalid_state', { detail: `order ${order.id} is a ${order.order_type} ${order.status}` });
  }
  const wanted = [...new Set(body.linked_supplier_refs.map((link) => link.supplier_ref.trim()))];
  wanted.forEach((ref) => checkFormat(ref, 'linked_supplier_refs'));
  const current = new Map(order.linked_supplier_refs.map((link) => [link.supplier_ref, link.id]));
  for (const ref of wanted.filter((candidate) => !current.has(candidate))) {
    if (!(await orderWithRef(context.db, ref)))
      throw new DomainError('unprocessable', 'so_ref_not_found', {
        field: 'linked_supplier_refs',
        detail: `no order has the supplier reference ${ref}`,
      });
  }
  const auditOn = (value: string) => ({ auditOn: { entity: 'order' as const, id: order.id, field: 'linked_supplier_refs', value } });
  for (const [ref, id] of current) {
    if (!wanted.includes(ref)) await context.records.remove('order_linked_supplier_ref', id, auditOn(ref));
  }
  for (const ref of wanted.filter((candidate) => !current.has(candidate))) {
    await context.records.insert('order_linked_supplier_ref', { order: order.id, supplier_ref: ref }, auditOn(ref));
  }
  return (await visibleRecord('getOrder', params.id, context)) as unknown as Order;
};
