import { describe, expect, it } from 'vitest';
import { SettleQueue } from './settleQueue';

// What a transaction leaves for its settling, as settleStatement will write it: no two clauses of
// one statement may write one row.
describe('SettleQueue', () => {
  it("merges a row's updates, the later value of a column winning, and keeps inserts and deletes in order", () => {
    const queue = new SettleQueue();
    queue.update('orders', 7, { status: 'CREATED', total: 1 });
    queue.update('orders', 7, { status: 'CANCELLED' });
    queue.update('orders', 8, { status: 'CREATED' });
    queue.insert('order_line_item', [{ name: 'a' }]);
    queue.insert('order', [{ id: 9, name: 'HUB-10009' }]);
    queue.insert('order_line_item', [{ name: 'b' }]);
    queue.remove({ table: 'basket_line_items', column: 'basket_id', id: 3 });
    queue.remove({ table: 'baskets', column: 'id', id: 3 });
    expect(queue.holdsUpdate('orders', 7)).toBe(true);
    expect([queue.holdsInsert('order', 9), queue.holdsInsert('order', 7), queue.holdsInsert('order_line_item', 9)]).toEqual([
      true,
      false,
      false,
    ]);
    // By entity, in the order each entity was first given (the fallback writes them table by table in it).
    expect(queue.take()).toEqual({
      inserts: [
        ['order_line_item', [{ name: 'a' }, { name: 'b' }]],
        ['order', [{ id: 9, name: 'HUB-10009' }]],
      ],
      updates: [
        { table: 'orders', id: 7, values: { status: 'CANCELLED', total: 1 } },
        { table: 'orders', id: 8, values: { status: 'CREATED' } },
      ],
      removes: [
        { table: 'basket_line_items', column: 'basket_id', id: 3 },
        { table: 'baskets', column: 'id', id: 3 },
      ],
    });
    // Taken once: what the transaction writes after its settling starts afresh.
    expect(queue.take()).toEqual({ inserts: [], updates: [], removes: [] });
    expect(queue.holdsUpdate('orders', 7)).toBe(false);
    expect(queue.holdsInsert('order', 9)).toBe(false);
  });

  it('drops the update of a row deleted by its id, and refuses to delete by a parent rows of a table with an update waiting', () => {
    const queue = new SettleQueue();
    queue.update('baskets', 3, { name: 'x' });
    queue.remove({ table: 'baskets', column: 'id', id: 3 });
    expect(queue.holdsUpdate('baskets', 3)).toBe(false);
    queue.update('basket_line_items', 5, { quantity: 2 });
    expect(() => queue.remove({ table: 'basket_line_items', column: 'basket_id', id: 3 })).toThrow(/update waiting/);
    expect(queue.take().updates).toEqual([{ table: 'basket_line_items', id: 5, values: { quantity: 2 } }]);
  });
});
