import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabase';
import { ORDER_STATUSES, QUOTE_STATUSES } from '../../../seeds/demo/orders';
import { DEMO_CHANGE_ORDERS } from '../../../seeds/demo/changeOrders';
import { fromScaled } from '../../db/scaled';
import { subscriptionFacts, subscriptionTotals } from '../subscriptions/breakdown';
import { moneyText } from '../subscriptions/changeOrders';

/** The demo gives every order and quote screen something real to show (issue 3, demo data). */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

const distinct = async (table: string, column: string, where: Record<string, unknown> = {}) =>
  new Set((await database.db(table).where(where).distinct(column).pluck(column)) as string[]);

describe('demo orders, quotes, baskets and shipping', () => {
  it('has orders in every status and both types, in Customer Co, its branch, EU Customer and Other Customer', async () => {
    expect(await distinct('orders', 'status')).toEqual(new Set(ORDER_STATUSES));
    expect(await distinct('orders', 'order_type')).toEqual(new Set(['SALES_ORDER', 'CHANGE_ORDER']));
    expect(await distinct('orders', 'organisation_id')).toEqual(new Set([3, 4, 6, 7]));
    const withoutLines = await database
      .db('orders')
      .whereNotExists(database.db('order_line_items').whereRaw('order_line_items.order_id = orders.id'))
      .count({ n: '*' })
      .first();
    expect(Number(withoutLines?.['n'])).toBe(0);
    expect(Number((await database.db('order_linked_supplier_refs').count({ n: '*' }).first())?.['n'])).toBeGreaterThan(0);
  });

  it('offers every order action on the demo (001 §4): pending for an approver above, attention required, created without an external id, shipped, placed from a quote', async () => {
    const first = (where: Record<string, unknown>) => database.db('orders').where(where).orderBy('id').first();
    // Customer Co's pending order; Rita administers the reseller above it, so she may approve it.
    expect(await first({ status: 'PENDING_AUTHORISATION', organisation_id: 3 })).toBeDefined();
    expect(
      await database.db('users').where({ organisation_id: 2, admin: true, email_address: 'admin@reseller.example' }).first(),
    ).toBeDefined();
    expect(await first({ status: 'ATTENTION_REQUIRED', order_type: 'SALES_ORDER' })).toBeDefined();
    expect(
      await database.db('orders').where({ status: 'CREATED', order_type: 'SALES_ORDER', quote_id: null }).whereNull('external_id').first(),
    ).toBeDefined();
    expect(await first({ status: 'SHIPPED' })).toBeDefined();
    const fromQuote = await database.db('orders').whereNotNull('quote_id').first('id', 'quote_id');
    expect(
      await database.db('quotes').where({ id: fromQuote?.quote_id, order_id: fromQuote?.id, quote_status: 'ACCEPTED' }).first(),
    ).toBeDefined();
  });

  it('links every change order to a subscription of its organisation, its line a product of it (001 §2 change-order view)', async () => {
    const changes = (await database.db('orders').where('order_type', 'CHANGE_ORDER').orderBy('id')) as {
      id: number;
      subscription_id: number;
      organisation_id: number;
      currency: string;
      total: string;
    }[];
    expect(changes.map((order) => order.id)).toEqual(DEMO_CHANGE_ORDERS.map((change) => change.order));
    for (const order of changes) {
      const subscription = await database.db('subscriptions').where('id', order.subscription_id).first();
      expect(subscription, `order ${String(order.id)}`).toMatchObject({ organisation_id: order.organisation_id, currency: order.currency });
      const products = await database.db('subscription_products').where('subscription_id', subscription.id).pluck('product_id');
      const lines = (await database.db('order_line_items').where('order_id', order.id)) as Record<string, unknown>[];
      expect(lines).toHaveLength(1);
      expect(products).toContain(lines[0]!['product_id']);
      expect(lines[0]!['sub_total_for_item']).toEqual(order.total);
    }
  });

  it('prices a change order as POST /orders would have (000 §9): HUB-10016 added 3 Dropbox users, HUB-10012 5 SBC sessions', async () => {
    // 18 users now (the 3 included: the order is COMPLETE), £12.50 a month over 12 months: 15 → 18
    // adds £37.50 a month, £450.00 over the contract.
    const priced = async (order: number) => {
      const line = (await database.db('order_line_items').where('order_id', order).first()) as Record<string, unknown>;
      const placed = (await database.db('orders').where('id', order).first('subscription_id', 'total')) as Record<string, unknown>;
      return {
        subscription: placed['subscription_id'],
        quantity: line['quantity'],
        price: fromScaled(line['price'] as string),
        added: fromScaled(line['sub_total_for_item'] as string),
        total: fromScaled(placed['total'] as string),
      };
    };
    expect(await priced(16)).toEqual({ subscription: 2, quantity: 3, price: '12.50', added: '450.00', total: '450.00' });
    // The branch's SBC: 10 sessions at £54.00 billed every three years, one term; PROCESSING, so 10 → 15.
    expect(await priced(12)).toEqual({ subscription: 6, quantity: 5, price: '54.00', added: '270.00', total: '270.00' });
  });

  it("stores each subscription's figures as its breakdown computes them", async () => {
    for (const id of [2, 6]) {
      const stored = await database.db('subscriptions').where('id', id).first('recurring_cost', 'total_contract_value');
      const totals = await subscriptionTotals(database.db, await subscriptionFacts(database.db, id));
      expect([fromScaled(stored.recurring_cost), fromScaled(stored.total_contract_value)]).toEqual([
        moneyText(totals.recurringCost),
        moneyText(totals.totalContractValue),
      ]);
    }
    // Dropbox team storage: 18 users at £12.50 a month over 12 months (the breakdown's worked example).
    const dropbox = await database.db('subscriptions').where('id', 2).first('recurring_cost', 'total_contract_value');
    expect([fromScaled(dropbox.recurring_cost), fromScaled(dropbox.total_contract_value)]).toEqual(['225.00', '2700.00']);
    // Usage only: no recurring figure, as the breakdown shows "--".
    expect(await database.db('subscriptions').where('id', 5).first('recurring_cost', 'total_contract_value')).toEqual({
      recurring_cost: null,
      total_contract_value: null,
    });
  });

  it('has root-side quotes in every status from the distributor to resellers and customers below it', async () => {
    for (const to of [2, 3, 4])
      expect(await distinct('quotes', 'quote_status', { organisation_from_id: 1, organisation_to_id: to })).toEqual(
        new Set(QUOTE_STATUSES),
      );
    expect(await distinct('quotes', 'organisation_from_id')).toEqual(new Set([1]));
    const zoomLine = await database.db('quote_line_items').whereNotNull('zoom_end_user_email').first();
    expect(zoomLine).toMatchObject({ zoom_order_type: 'NEW_BUSINESS', zoom_end_user_company: 'Customer Co Ltd' });
  });

  it('has shipments with one serial per unit shipped', async () => {
    const items = (await database.db('shipment_items').select('id', 'quantity')) as { id: number; quantity: number }[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const serials = await database.db('order_units').where('shipment_item_id', item.id).count({ n: '*' }).first();
      expect(Number(serials?.['n'])).toBe(item.quantity);
    }
  });

  it('has baskets for the buyer and shipping types of each rate type with bands and countries', async () => {
    expect(Number((await database.db('baskets').where({ organisation_id: 3, created_by_id: 3 }).count({ n: '*' }).first())?.['n'])).toBe(3);
    expect(await distinct('shipping_types', 'rate_type')).toEqual(new Set(['FLAT', 'BY_ITEM', 'BY_WEIGHT_TABLE']));
    const openBand = await database.db('shipping_prices').whereNull('max_weight').first();
    expect(openBand).toMatchObject({ shipping_type_id: 3 });
    expect(await distinct('shipping_type_countries', 'country_code', { shipping_type_id: 2 })).toEqual(
      new Set(['GB', 'IE', 'FR', 'DE', 'NL']),
    );
  });
});
