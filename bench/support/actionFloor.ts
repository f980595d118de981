import type { Knex } from 'knex';
import Koa from 'koa';
import { sendWithCommit } from '../../server/db/commitStatements';
import { versionsBumpText } from '../../server/writes/settleStatement';

/**
 * The floors of the order-action and quote-acceptance benches (issue 20), as checkoutFloor.ts is
 * the checkout's: bare Koa routes writing in one transaction, through the same driver and pool as
 * the portal (server/db/connect.ts), the rows the portal writes, and nothing else (no session, no
 * checks, no rendering):
 *
 * - `POST /floor/order/<id>`: an approval (or a cancellation, of a CREATED order). The order's row read (locked on PostgreSQL, as the
 *   router locks it), its status written, one audit entry with its field change and action taken,
 *   one outbox row, the `orders` version bumped.
 * - `POST /floor/quote/<id>`: an acceptance. The quote and its lines read with their products, the
 *   order and its name, its lines in one insert, the quote marked accepted, three audit entries
 *   (the order created, named; the quote accepted) with their field changes and actions taken in
 *   one insert each, one outbox row, the `orders` version bumped.
 */
export function actionFloorApp(db: Knex): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
    const match = /^\/floor\/(order|quote)\/(\d+)$/.exec(ctx.path);
    if (ctx.method !== 'POST' || !match) {
      ctx.status = 404;
      return;
    }
    const id = Number(match[2]);
    ctx.body = match[1] === 'order' ? await approveBare(db, id) : await acceptBare(db, id);
    ctx.status = match[1] === 'order' ? 200 : 201;
  });
  return app;
}

const idOf = (row: { id: number } | number) => Number(typeof row === 'object' ? row.id : row);
const USER = 2;

async function audit(
  trx: Knex.Transaction,
  entries: [type: string, entity: number, action: string, changes: number][],
  now: number,
): Promise<void> {
  const ids = (
    (await trx('audit_log_entries')
      .insert(
        entries.map(([type, entity, action]) => ({
          entity_type: type,
          entity_id: entity,
          timestamp: now,
          ip_address: '127.0.0.1',
          action,
          user_id: USER,
        })),
      )
      .returning('id')) as ({ id: number } | number)[]
  ).map(idOf);
  await trx('audit_field_changes').insert(
    entries.flatMap(([, , , changes], entry) =>
      Array.from({ length: changes }, (_, index) => ({
        entry_id: ids[entry],
        field: `field_${index}`,
        old_value: null,
        new_value: `value ${index}`,
      })),
    ),
  );
  await trx('user_actions').insert(
    entries.map(([type, entity, action]) => ({ user_id: USER, timestamp: now, ip_address: '127.0.0.1', action, on: `${type} ${entity}` })),
  );
}

async function settle(trx: Knex.Transaction, now: number, payload: unknown): Promise<void> {
  await trx('outbox_messages').insert({ topic: 'email', payload: JSON.stringify(payload), created_at: now, available_at: now });
  // As the portal bumps it: with the COMMIT on PostgreSQL (server/db/commitStatements.ts).
  await sendWithCommit(trx, versionsBumpText(['orders'])!);
}

async function approveBare(db: Knex, orderId: number): Promise<{ id: number; status: string }> {
  return db.transaction(async (trx) => {
    const now = Date.now();
    const read = trx('orders').where('id', orderId);
    const order = (await (db.client.config.client === 'pg' ? read.forUpdate() : read).first('id', 'status', 'organisation_id')) as {
      id: number;
      status: string;
    };
    // An approval, or a cancellation of an order already approved: the same rows either way.
    const status = order.status === 'PENDING_AUTHORISATION' ? 'CREATED' : order.status === 'CREATED' ? 'CANCELLED' : undefined;
    if (!status) throw new Error(`order ${orderId} is ${order.status}`);
    await trx('orders').where('id', orderId).update({ status });
    await audit(trx, [['order', orderId, status === 'CREATED' ? 'APPROVE' : 'CANCEL', 1]], now);
    await settle(trx, now, { template: 'order_status_changed', order: orderId });
    return { id: orderId, status };
  });
}

async function acceptBare(db: Knex, quoteId: number): Promise<{ id: number }> {
  return db.transaction(async (trx) => {
    const now = Date.now();
    const read = trx('quotes').where('id', quoteId);
    const quote = (await (db.client.config.client === 'pg' ? read.forUpdate() : read).first()) as Record<string, unknown>;
    if (quote['quote_status'] !== 'PUBLISHED') throw new Error(`quote ${quoteId} is ${String(quote['quote_status'])}`);
    const lines = (await trx('quote_line_items as q')
      .join('products as p', 'p.id', 'q.product_id')
      .where('q.quote_id', quoteId)
      .orderBy('q.id')
      .select('q.product_id', 'q.quantity', 'q.price', 'p.name')) as {
      product_id: number;
      quantity: number;
      price: number;
      name: string;
    }[];
    const [inserted] = (await trx('orders')
      .insert({
        name: 'HUB-new',
        purchase_order_number: `PO-FLOOR-${quoteId}`,
        organisation_id: quote['organisation_to_id'],
        total: quote['total'],
        currency: quote['currency'],
        date: now,
        created_by_user_id: USER,
        order_type: 'SALES_ORDER',
        status: 'CREATED',
        payment_type: 'ON_ACCOUNT',
        discount: 0,
        ship_cost: quote['ship_cost'],
        shipping_type_id: quote['shipping_type_id'],
        part_ship: false,
        shipping_company_name: quote['shipping_company_name'],
        shipping_recipient_name: quote['shipping_recipient_name'],
        shipping_addr_line_1: quote['shipping_addr_line_1'],
        shipping_city: quote['shipping_city'],
        shipping_postal_code: quote['shipping_postal_code'],
        shipping_country_code: quote['shipping_country_code'],
        finance_approved: false,
        quote_id: quoteId,
      })
      .returning('id')) as ({ id: number } | number)[];
    const id = idOf(inserted!);
    await trx('orders')
      .where('id', id)
      .update({ name: `HUB-${10_000 + id}` });
    await trx('order_line_items').insert(
      lines.map((line) => ({
        order_id: id,
        name: line.name,
        product_id: line.product_id,
        quantity: line.quantity,
        price: line.price,
        original_price: line.price,
        sub_total_for_item: Number(line.quantity) * Number(line.price),
        discount: 0,
      })),
    );
    await trx('quotes')
      .where('id', quoteId)
      .update({ quote_status: 'ACCEPTED', order_id: id, purchase_order_number: `PO-FLOOR-${quoteId}` });
    await audit(
      trx,
      [
        ['order', id, 'CREATE', 22 + lines.length],
        ['order', id, 'UPDATE', 1],
        ['quote', quoteId, 'ACCEPT', 3],
      ],
      now,
    );
    await settle(trx, now, { template: 'order_created', order: id });
    return { id };
  });
}
