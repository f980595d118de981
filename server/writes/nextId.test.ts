import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderName } from '../modules/orders/orderName';
import { readTogether } from '../db/readTogether';
import { statementsOf } from '../testing/statementsOf';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { idOf, nextIdRead } from './nextId';
import { inTransaction } from './records';

const ACTOR = { userId: 3, onBehalfOf: null, ip: '127.0.0.1' };
const ORDER = { name: 'HUB-new', organisation: 3, date: Date.UTC(2026, 10, 30), total: '10.00', created_by_user: 3 };

// An insert whose values follow from its id (an order's name) is one statement when the id was
// taken from the table's sequence beforehand (PostgreSQL), and an insert and an update otherwise.
describe('an insert with derived values', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  const entryChanges = async (id: number) => {
    const entry = (await database.db('audit_log_entries').where({ entity_type: 'order', entity_id: id, action: 'CREATE' }).first('id')) as {
      id: number;
    };
    return database.db('audit_field_changes').where('entry_id', entry.id).pluck('new_value') as Promise<string[]>;
  };

  it('takes no id beforehand on SQLite, whose ids come with the insert and whose statements cost no round trip', () => {
    expect(nextIdRead(database.db, 'order') === undefined).toBe(database.db.client.config.client !== 'pg');
  });

  it.runIf(process.env['TEST_DATABASE_URL']?.startsWith('postgres'))(
    'writes an id taken from the sequence, with the derived values, in the insert',
    async () => {
      const db = database.db;
      let id = 0;
      let taken = 0;
      const statements = await statementsOf(db, () =>
        inTransaction(db, ACTOR, async (records) => {
          const [rows] = await readTogether(records.db, [nextIdRead(records.db, 'order')!]);
          taken = idOf(rows!);
          id = await records.insert('order', ORDER, { derive: orderName, id: taken });
        }),
      );
      expect(id).toBe(taken);
      expect(statements.filter((sql) => /^insert into "orders"/.test(sql))).toHaveLength(1);
      expect(statements.filter((sql) => /^update "orders"/.test(sql))).toEqual([]);
      expect(await db('orders').where('id', id).first('name')).toEqual({ name: orderName(id).name });
      // The audit entry shows the name the order carries, never the placeholder.
      expect(await entryChanges(id)).toContain(orderName(id).name);
      expect(await entryChanges(id)).not.toContain('HUB-new');
      // The sequence goes on past it: the next order's id comes after.
      const next = await inTransaction(db, ACTOR, (records) => records.insert('order', ORDER, { derive: orderName }));
      expect(next).toBeGreaterThan(id);
    },
  );

  it('writes the derived values by an update after the insert when no id was taken', async () => {
    const db = database.db;
    let id = 0;
    const statements = await statementsOf(db, () =>
      inTransaction(db, ACTOR, async (records) => {
        id = await records.insert('order', ORDER, { derive: orderName });
      }),
    );
    expect(statements.filter((sql) => /^update [`"]orders[`"]/.test(sql))).toHaveLength(1);
    expect(await db('orders').where('id', id).first('name')).toEqual({ name: orderName(id).name });
    expect(await entryChanges(id)).toContain(orderName(id).name);
  });
});
