import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBasket } from '../testing/checkoutBaskets';
import { statementsOf } from '../testing/statementsOf';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { readTogether } from '../db/readTogether';
import { idOf, nextIdRead } from './nextId';
import { inTransaction, type Records } from './records';

const ACTOR = { userId: 3, onBehalfOf: null, ip: '127.0.0.1' };

// Writes left for the statement that settles a transaction (Records.insertOnSettle, and the
// onSettle of insert, updateStored and remove): on PostgreSQL a round trip less each, written with
// the audit entries just before the commit; on SQLite at once. Either way, what they write and
// audit is what the writes at once did.
describe('writes left for the settling', () => {
  let database: TestDatabase;
  let products: number[];
  beforeAll(async () => {
    database = await createTestDatabase();
    products = ((await database.db('products').orderBy('id').limit(2).pluck('id')) as number[]).map(Number);
  });
  afterAll(async () => database.drop());

  const onPostgres = () => database.db.client.config.client === 'pg';
  const count = async (db: Knex, table: string, where: Record<string, unknown>) =>
    Number(((await db(table).where(where).count({ n: '*' }).first()) as { n: number | string }).n);
  const entryOf = (db: Knex, entity: string, id: number, action: string) =>
    db('audit_log_entries').where({ entity_type: entity, entity_id: id, action }).first('id') as Promise<{ id: number } | undefined>;

  /**
   * Places `basket` as a new order: the order inserted on settling where its id was taken from the
   * sequence (PostgreSQL), its lines inserted on settling, each audited on the order, and the
   * basket removed on settling.
   */
  async function place(db: Knex, basket: number, lines: Record<string, unknown>[], fail = false) {
    let order = 0;
    let during: { basket: number; lines: number; order: number } | undefined;
    const statements = await statementsOf(db, () =>
      inTransaction(db, ACTOR, async (records) => {
        const taken = nextIdRead(records.db, 'order');
        const id = taken ? idOf((await readTogether(records.db, [taken]))[0]!) : undefined;
        order = await records.insert(
          'order',
          { name: 'HUB-settling', organisation: 3, date: Date.now() },
          { onSettle: true, ...(id !== undefined && { id }) },
        );
        await records.insertOnSettle(
          'order_line_item',
          lines.map((line) => ({ order, ...line })),
          { auditOn: (values) => ({ entity: 'order', id: order, field: 'line_items', value: String(values['name']) }) },
        );
        await records.remove('basket', basket, { cascade: [{ entity: 'basket_line_item', via: 'basket' }], onSettle: true });
        during = {
          basket: await count(records.db, 'baskets', { id: basket }),
          lines: await count(records.db, 'order_line_items', { order_id: order }),
          order: await count(records.db, 'orders', { id: order }),
        };
        if (fail) throw new Error('refused');
      }),
    ).catch((error: unknown) => {
      if (!fail) throw error;
      return [];
    });
    return { order, during: during!, statements };
  }

  it('inserts the rows and deletes the record and its children as the transaction settles, audited as written at once', async () => {
    const db = database.db;
    const { id: basket } = await makeBasket(db, [
      ['GEN-HDMI-5M', 1],
      ['GEN-WALL-MOUNT', 2],
    ]);
    const lines = products.map((product, index) => ({ name: `Line ${index}`, product, quantity: index + 1 }));
    const { order, during, statements } = await place(db, basket, lines);
    // PostgreSQL writes them with the settling: none is written before, and no statement of their own.
    expect(during).toEqual(onPostgres() ? { basket: 1, lines: 0, order: 0 } : { basket: 0, lines: 2, order: 1 });
    if (onPostgres()) {
      expect(
        statements.filter((sql) => /^(delete from|insert into) "(baskets|basket_line_items|orders|order_line_items)"/.test(sql)),
      ).toEqual([]);
      expect(statements.filter((sql) => /inserted_\d+ as \(insert into "orders" \("date", "id", "name"/.test(sql))).toHaveLength(1);
      expect(statements.filter((sql) => /removed_\d+ as \(delete from "basket_line_items"/.test(sql))).toHaveLength(1);
    }
    expect(await count(db, 'baskets', { id: basket })).toBe(0);
    expect(await count(db, 'basket_line_items', { basket_id: basket })).toBe(0);
    expect(await db('order_line_items').where('order_id', order).orderBy('id').pluck('quantity')).toEqual([1, 2]);
    expect(await db('orders').where('id', order).first('name')).toEqual({ name: 'HUB-settling' });
    const created = await entryOf(db, 'order', order, 'CREATE');
    expect(await db('audit_field_changes').where({ entry_id: created!.id, field: 'name' }).pluck('new_value')).toEqual(['HUB-settling']);
    const changed = await entryOf(db, 'order', order, 'UPDATE');
    expect(await db('audit_field_changes').where('entry_id', changed!.id).orderBy('id').pluck('new_value')).toEqual(['Line 0', 'Line 1']);
    const removed = await entryOf(db, 'basket', basket, 'DELETE');
    expect(await db('audit_field_changes').where({ entry_id: removed!.id, field: 'payment_type' }).pluck('old_value')).toEqual([
      'ON_ACCOUNT',
    ]);
  });

  it('writes them table by table when the settling is no one statement (rows that differ in their columns)', async () => {
    const db = database.db;
    const { id: basket } = await makeBasket(db, [['GEN-HDMI-5M', 1]]);
    const { order } = await place(db, basket, [
      { name: 'Plain', product: products[0], quantity: 1 },
      { name: 'Priced', product: products[1], quantity: 1, sub_total_for_item: '1.00' },
    ]);
    expect(await count(db, 'baskets', { id: basket })).toBe(0);
    expect(await count(db, 'basket_line_items', { basket_id: basket })).toBe(0);
    expect(await db('order_line_items').where('order_id', order).orderBy('id').pluck('name')).toEqual(['Plain', 'Priced']);
  });

  it('updates a row as the transaction settles: its updates merged into one, audited as written at once', async () => {
    const db = database.db;
    const id = await inTransaction(db, ACTOR, (records) =>
      records.insert('order', { name: 'HUB-later', organisation: 3, date: Date.now() }),
    );
    let during: unknown;
    const statements = await statementsOf(db, () =>
      inTransaction(db, ACTOR, async (records) => {
        const row = (await records.db('orders').where('id', id).first()) as Record<string, unknown>;
        const first = await records.updateStored('order', row, { status: 'PENDING_AUTHORISATION' }, { onSettle: true });
        await records.updateStored('order', first.row, { total: '4.00' }, { action: 'APPROVE', onSettle: true });
        during = await records.db('orders').where('id', id).first('status');
      }),
    );
    const stored = (await db('orders').where('id', id).first('status', 'total')) as { status: string; total: number | string };
    expect([stored.status, Number(stored.total) / 10_000]).toEqual(['PENDING_AUTHORISATION', 4]);
    if (onPostgres()) {
      // Not written before the settling, and then in its statement, once.
      expect(during).toEqual({ status: 'CREATED' });
      expect(statements.filter((sql) => /^update "orders"/.test(sql))).toEqual([]);
      expect(
        statements.filter((sql) =>
          /updated_0 as \(update "orders" set "status" = \?, "total" = \? where "id" = \?\)/.test(sql.replace(/\$\d+/g, '?')),
        ),
      ).toHaveLength(1);
    } else expect(during).toEqual({ status: 'PENDING_AUTHORISATION' });
    const entries = (await db('audit_log_entries')
      .where({ entity_type: 'order', entity_id: id })
      .orderBy('id')
      .pluck('action')) as string[];
    expect(entries).toEqual(['CREATE', 'UPDATE', 'APPROVE']);
  });

  it.runIf(process.env['TEST_DATABASE_URL']?.startsWith('postgres'))(
    'refuses another write or read of a row whose update waits for the settling, but a remove on settling, which takes its place',
    async () => {
      const db = database.db;
      const { id: basket } = await makeBasket(db, [['GEN-HDMI-5M', 1]]);
      const stored = async (records: Parameters<Parameters<typeof inTransaction>[2]>[0]) =>
        (await records.db('baskets').where('id', basket).first()) as Record<string, unknown>;
      const refused = inTransaction(db, ACTOR, async (records) => {
        await records.updateStored('basket', await stored(records), { name: 'Waiting' }, { onSettle: true });
        await records.update('basket', basket, { name: 'Now' });
      });
      await expect(refused).rejects.toThrow(/written as the transaction settles/);
      const statements = await statementsOf(db, () =>
        inTransaction(db, ACTOR, async (records) => {
          const { row } = await records.updateStored('basket', await stored(records), { name: 'Never stored' }, { onSettle: true });
          // Read again, the row would be as stored before the update: the remove is given it as the update left it.
          await expect(records.remove('basket', basket, { onSettle: true })).rejects.toThrow(/written as the transaction settles/);
          await records.remove('basket', basket, {
            current: row,
            cascade: [{ entity: 'basket_line_item', via: 'basket' }],
            onSettle: true,
          });
        }),
      );
      expect(statements.filter((sql) => /update "baskets"/.test(sql))).toEqual([]);
      expect(await count(db, 'baskets', { id: basket })).toBe(0);
      // Its audit shows the update, then the delete of the row as the update left it.
      const removed = await entryOf(db, 'basket', basket, 'DELETE');
      expect(await db('audit_field_changes').where({ entry_id: removed!.id, field: 'name' }).pluck('old_value')).toEqual(['Never stored']);
    },
  );

  it('leaves the record and writes no row when the transaction rolls back', async () => {
    const db = database.db;
    const { id: basket } = await makeBasket(db, [['GEN-HDMI-5M', 1]]);
    const { order } = await place(db, basket, [{ name: 'Never', product: products[0], quantity: 1 }], true);
    expect(await count(db, 'baskets', { id: basket })).toBe(1);
    expect(await count(db, 'basket_line_items', { basket_id: basket })).toBe(1);
    expect(await count(db, 'order_line_items', { order_id: order })).toBe(0);
    expect(await count(db, 'orders', { id: order })).toBe(0);
    expect(await entryOf(db, 'basket', basket, 'DELETE')).toBeUndefined();
  });

  it.runIf(process.env['TEST_DATABASE_URL']?.startsWith('postgres'))(
    'refuses a read, an update or a remove of a record whose insert waits for the settling',
    async () => {
      const db = database.db;
      const attempts = {
        update: (records: Records, id: number) => records.update('order', id, { total: '1.00' }),
        'update of the row as inserted': (records: Records, id: number) =>
          records.updateStored('order', { id, name: 'HUB-waiting' }, { total: '1.00' }, { onSettle: true }),
        remove: (records: Records, id: number) => records.remove('order', id, { current: { id }, onSettle: true }),
      };
      for (const [name, attempt] of Object.entries(attempts)) {
        let id = 0;
        const refused = inTransaction(db, ACTOR, async (records) => {
          id = idOf((await readTogether(records.db, [nextIdRead(records.db, 'order')!]))[0]!);
          await records.insert('order', { name: 'HUB-waiting', organisation: 3, date: Date.now() }, { id, onSettle: true });
          await attempt(records, id);
        });
        await expect(refused, name).rejects.toThrow(/written as the transaction settles/);
        expect(await count(db, 'orders', { id }), name).toBe(0);
      }
    },
  );
});
