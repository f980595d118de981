import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Basket, BasketLineItem, OrderRow } from '../../generated/types';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { BUYER, RESELLER_ADMIN, signedIn } from '../../testing/testUsers';

/**
 * Issue 22 item 5: a basket created from an order (POST /orders/{id}/basket) holds the total of
 * its own lines at the caller's prices in the caller's currency (what every later save of the
 * basket computes), not the order's total at the order's prices and currency. Tried on every
 * demo order it can be made from, by the reseller admin (whose tree holds GBP and EUR orders)
 * and by Customer Co's buyer.
 */
describe('a basket from an order totals its own lines', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  async function copiesOf(client: TestClient): Promise<{ order: number; basket: Basket; lines: BasketLineItem[] }[]> {
    const orders = (await client.get<OrderRow[]>('/api/v1/orders?per_page=96')).body;
    const copies = [];
    for (const order of orders) {
      const made = await client.post<Basket>(`/api/v1/orders/${order.id}/basket`, { name: `Copy of ${order.id} ${Math.random()}` });
      if (made.status === 409) continue; // from a quote, or a change order: not copied
      expect(made.status, made.text).toBe(201);
      const lines = (await client.get<BasketLineItem[]>(`/api/v1/baskets/${made.body.id}/line_items`)).body;
      copies.push({ order: order.id, basket: (await client.get<Basket>(`/api/v1/baskets/${made.body.id}`)).body, lines });
    }
    return copies;
  }

  it.each([
    ['the reseller admin', RESELLER_ADMIN, 'GBP'],
    ["Customer Co's buyer", BUYER, 'GBP'],
  ])('%s: every copy’s total is the sum of its lines at their prices, in their currency', async (_who, email, currency) => {
    const client = await signedIn(server, email);
    const copies = await copiesOf(client);
    expect(copies.length).toBeGreaterThan(2);
    const wrong = copies.filter(({ basket, lines }) => {
      const sum = lines.reduce((total, line) => total.plus(line.sub_total_for_item), new Decimal(0));
      return basket.currency !== currency || !new Decimal(basket.total).eq(sum);
    });
    expect(
      wrong.map(({ order, basket, lines }) => ({
        order,
        total: basket.total,
        currency: basket.currency,
        lines: lines.map((line) => line.sub_total_for_item),
      })),
    ).toEqual([]);
  });
});
