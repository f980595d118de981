import type { Knex } from 'knex';
import Koa from 'koa';
import { sendWithCommit } from '../../server/db/commitStatements';
import { versionsBumpText } from '../../server/writes/settleStatement';

/**
 * The checkout's floor (issue 20): a bare Koa route that places a staged basket as an order in one
 * transaction through the same driver and pool the portal uses (server/db/connect.ts), writing the
 * rows a checkout writes and nothing else: the basket's lines read with their products, the order,
 * its ten lines, four audit entries with their 56 field changes and four user actions, one outbox
 * row, the `orders` data version bumped, the basket and its lines removed. Multi-row inserts where
 * the rows are alike; no checks, no pricing, no session. What the database itself costs an order.
 */
export function checkoutFloorApp(db: Knex): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
    const match = /^\/floor\/(\d+)$/.exec(ctx.path);
    if (ctx.method !== 'POST' || !match) {
      ctx.status = 404;
      return;
    }
    ctx.body = await placeBare(db, Number(match[1]));
    ctx.status = 201;
  });
  return app;
}

const idOf = (row: { id: number } | number) => Number(typeof row === 'object' ? row.id : row);

async function placeBare(db: Knex, basketId: number): Promise<{ id: number }> {
  return db.transaction(async (trx) => {
    const now = Date.now();
    const basket = (await trx('baskets').where('id', basketId).first('organisation_id', 'purchase_order_number', 'created_by_id')) as {
      organisation_id: number;
      purchase_order_number: string | null;
      created_by_id: number;
    };
    const lines = (await trx('basket_line_items as b')
      .join('products as p', 'p.id', 'b.product_id')
      .where('b.basket_id', basketId)
      .orderBy('b.id')
      .select('b.product_id', 'b.quantity', 'p.name')) as { product_id: number; quantity: number; name: string }[];
    const [inserted] = (await trx('orders')
      .insert({
        name: 'HUB-new',
        purchase_order_number: basket.purchase_order_number,
        organisation_id: basket.organisation_id,
        total: 1_000_000,
        currency: 'GBP',
        date: now,
        created_by_user_id: basket.created_by_id,
        order_type: 'SALES_ORDER',
        status: 'CREATED',
        payment_type: 'ON_ACCOUNT',
        discount: 0,
        ship_cost: 99_500,
        shipping_type_id: 1,
        part_ship: false,
        shipping_company_name: 'Customer Co Ltd',
        shipping_recipient_name: 'Goods In',
        shipping_addr_line_1: '1 Market Street',
        shipping_city: 'Leeds',
        shipping_postal_code: 'LS1 1AA',
        shipping_country_code: 'GB',
        finance_approved: false,
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
        price: 1_000_000,
        original_price: 1_000_000,
        sub_total_for_item: line.quantity * 1_000_000,
        discount: 0,
      })),
    );
    const entries = [
      ['basket', basketId, 'UPDATE'],
      ['order', id, 'CREATE'],
      ['order', id, 'UPDATE'],
      ['basket', basketId, 'DELETE'],
    ] as const;
    const entryIds = (
      (await trx('audit_log_entries')
        .insert(
          entries.map(([type, entity, action]) => ({
            entity_type: type,
            entity_id: entity,
            timestamp: now,
            ip_address: '127.0.0.1',
            action,
            user_id: basket.created_by_id,
          })),
        )
        .returning('id')) as ({ id: number } | number)[]
    ).map(idOf);
    // 8 changes of the basket, 22 of the new order, 10 lines on it, 16 of the removed basket: the checkout's 56.
    const changes = [8, 22, 10, 16].flatMap((count, entry) =>
      Array.from({ length: count }, (_, index) => ({
        entry_id: entryIds[entry],
        field: `field_${index}`,
        old_value: null,
        new_value: `value ${index}`,
      })),
    );
    await trx('audit_field_changes').insert(changes);
    await trx('user_actions').insert(
      entries.map(([type, entity, action]) => ({
        user_id: basket.created_by_id,
        timestamp: now,
        ip_address: '127.0.0.1',
        action,
        on: `${type} ${entity}`,
      })),
    );
    await trx('outbox_messages').insert({
      topic: 'email',
      payload: JSON.stringify({ template: 'order_created', order: id, to: 'buyer@customer.example' }),
      created_at: now,
      available_at: now,
    });
    // As the portal bumps it: with the COMMIT on PostgreSQL (server/db/commitStatements.ts).
    await sendWithCommit(trx, versionsBumpText(['orders'])!);
    await trx('basket_line_items').where('basket_id', basketId).delete();
    await trx('baskets').where('id', basketId).delete();
    return { id };
  });
}
