import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  addSyntheticProduct,
  emptyRows,
  PLANS_PER_SUBSCRIPTION,
  seededRandom,
  type SyntheticContext,
  type SyntheticRows,
} from './generate';

const TYPE_IDS = { Hardware: 1, Software: 2, Subscription: 3, Service: 4, Accessory: 5 };

function generate(count: number, seed: number): SyntheticRows {
  const counters = new Map<string, number>();
  const context: SyntheticContext = {
    random: seededRandom(seed),
    vendorIds: [11, 12, 13],
    typeIds: TYPE_IDS,
    lists: { gbp: 1, eur: 2 },
    nextId: (table) => {
      const id = (counters.get(table) ?? 0) + 1;
      counters.set(table, id);
      return id;
    },
  };
  const rows = emptyRows();
  for (let index = 0; index < count; index++) addSyntheticProduct(context, rows, index, 100 + index);
  return rows;
}

describe('synthetic product rows', () => {
  it('are the same for the same seed and differ for another', () => {
    expect(generate(300, 5)).toEqual(generate(300, 5));
    expect(generate(300, 6).products.map((row) => row.name)).not.toEqual(generate(300, 5).products.map((row) => row.name));
  });

  it('price every product in both currencies, retail above buy, subscriptions through their plans', () => {
    const rows = generate(1000, 1);
    expect(rows.prices).toHaveLength(2000);
    for (const price of rows.prices) {
      if (price['price'] === null) continue;
      expect(new Decimal(String(price['rrp'])).gt(String(price['price']))).toBe(true);
    }
    expect(rows.prices.filter((row) => row['price_list_id'] === 2 && row['price'] !== null).length).toBeGreaterThan(800);
    const subscriptions = rows.products.filter((row) => row['subscription_type'] !== null);
    expect(subscriptions).toHaveLength(100);
    expect(new Set(subscriptions.map((row) => row['subscription_type'])).size).toBe(7);
    expect(subscriptions.every((row) => row['product_type_id'] === TYPE_IDS.Subscription)).toBe(true);
    expect(rows.ratePlans).toHaveLength(100 * PLANS_PER_SUBSCRIPTION);
    expect(rows.costs.map((row) => row['currency'])).toEqual(expect.arrayContaining(['GBP', 'EUR']));
    expect(rows.costs).toHaveLength(rows.charges.length * 2);
  });

  it('ship and stock only goods, and leave some products without vendor or type', () => {
    const rows = generate(2000, 3);
    for (const product of rows.products) {
      const goods = product['product_type_id'] === TYPE_IDS.Hardware || product['product_type_id'] === TYPE_IDS.Accessory;
      if (product['product_type_id'] !== null) expect(product['is_shippable']).toBe(goods);
      expect(product['stock'] === null).toBe(!product['is_shippable']);
    }
    expect(rows.products.some((row) => row['stock'] === '0')).toBe(true);
    expect(rows.products.some((row) => row['vendor_id'] === null)).toBe(true);
    expect(rows.products.some((row) => row['product_type_id'] === null)).toBe(true);
    expect(new Set(rows.products.map((row) => row['product_code'])).size).toBe(2000);
  });
});
