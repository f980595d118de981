import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors';
import { statementsOf } from '../testing/statementsOf';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { inTransaction, recordsOutside } from './records';

const ACTOR = { userId: 3, onBehalfOf: null, ip: '127.0.0.1' };

const versionOf = async (db: Knex, name: string) =>
  Number(((await db('data_versions').where('name', name).first('version')) as { version?: number | string } | undefined)?.version ?? 0);
const entriesOf = (db: Knex, id: number) =>
  db('audit_log_entries').where({ entity_type: 'order', entity_id: id }).orderBy('id').select('id', 'action') as Promise<
    { id: number; action: string }[]
  >;
const changesOf = async (db: Knex, entryId: number) =>
  (
    (await db('audit_field_changes').where('entry_id', entryId).orderBy('id').select('field', 'new_value')) as {
      field: string;
      new_value: string | null;
    }[]
  ).map((row) => [row.field, row.new_value]);
const actionsOn = (db: Knex, id: number) =>
  db('user_actions')
    .where({ user_id: ACTOR.userId, on: `order ${id}` })
    .orderBy('id')
    .pluck('action') as Promise<string[]>;

// The write path defers two things to the end of a transaction (Records.settle, docs/performance.md
// "Checkout"): the data-version bumps and the audit's actions taken and field changes.
describe('a transaction settled before its commit', () => {
  let database: TestDatabase;
  let products: number[];

  beforeAll(async () => {
    database = await createTestDatabase();
    products = ((await database.db('products').orderBy('id').limit(2).pluck('id')) as number[]).map(Number);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('bumps a data version once, when it settles, and writes every audit row with the commit', async () => {
    const db = database.db;
    const before = await versionOf(db, 'orders');
    let during = -1;
    let id = 0;
    await inTransaction(db, ACTOR, async (records) => {
      id = await records.insert('order', { name: 'HUB-settle', organisation: 3, date: Date.now(), total: '10.00', created_by_user: 3 });
      await records.update('order', id, { total: '12.50' });
      await records.insertMany(
        'order_line_item',
        products.map((product, index) => ({ order: id, name: `Line ${index}`, product, quantity: index + 1 })),
        { auditOn: (_values, index) => ({ entity: 'order', id, field: 'line_items', value: `Line ${index}` }) },
      );
      during = await versionOf(records.db, 'orders');
    });
    expect(during).toBe(before);
    expect(await versionOf(db, 'orders')).toBe(before + 1);
    expect(await db('order_line_items').where('order_id', id).orderBy('id').pluck('quantity')).toEqual([1, 2]);
    const [created, updated] = await entriesOf(db, id);
    expect([created?.action, updated?.action]).toEqual(['CREATE', 'UPDATE']);
    // References by name, as the audit tab shows them, read with the reference check.
    expect(await changesOf(db, created!.id)).toEqual(
      expect.arrayContaining([
        ['organisation', 'Customer Co Ltd'],
        ['total', '10.00'],
      ]),
    );
    expect(await changesOf(db, updated!.id)).toEqual([
      ['total', '12.50'],
      ['line_items', 'Line 0'],
      ['line_items', 'Line 1'],
    ]);
    expect(await actionsOn(db, id)).toEqual(['CREATE', 'UPDATE']);
  });

  it('leaves nothing of a transaction rolled back: no version, no entry, no action', async () => {
    const db = database.db;
    const before = await versionOf(db, 'orders');
    let id = 0;
    await expect(
      inTransaction(db, ACTOR, async (records) => {
        id = await records.insert('order', { name: 'HUB-rolled-back', organisation: 3, date: Date.now() });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await versionOf(db, 'orders')).toBe(before);
    expect(await entriesOf(db, id)).toEqual([]);
    expect(await actionsOn(db, id)).toEqual([]);
  });

  it('refuses a batch with a reference to nothing, naming the field, and writes none of it', async () => {
    const db = database.db;
    const [order] = (await db('orders').orderBy('id').limit(1).pluck('id')) as number[];
    const lines = await db('order_line_items').count({ n: '*' }).first();
    const refusal = await inTransaction(db, ACTOR, (records) =>
      records.insertMany(
        'order_line_item',
        [
          { order, name: 'Fine', product: products[0] },
          { order, name: 'Broken', product: 999_999 },
        ],
        {
          auditOn: () => ({ entity: 'order', id: Number(order), field: 'line_items', value: 'x' }),
        },
      ),
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'unknown_value', details: { field: 'product' } });
    expect(await db('order_line_items').count({ n: '*' }).first()).toEqual(lines);
  });

  it('inserts records audited on their own one by one only', async () => {
    await expect(
      inTransaction(database.db, ACTOR, (records) =>
        records.insertMany('order', [{ name: 'HUB-many', organisation: 3, date: Date.now() }]),
      ),
    ).rejects.toThrow(/one by one/);
  });

  it('bumps and audits at once a write made outside a transaction', async () => {
    const db = database.db;
    const before = await versionOf(db, 'orders');
    const id = await recordsOutside(db, ACTOR).insert('order', { name: 'HUB-alone', organisation: 3, date: Date.now() });
    expect(await versionOf(db, 'orders')).toBe(before + 1);
    const [created] = await entriesOf(db, id);
    expect(await changesOf(db, created!.id)).toEqual(expect.arrayContaining([['name', 'HUB-alone']]));
    expect(await actionsOn(db, id)).toEqual(['CREATE']);
  });

  it('writes the audit entries of a transaction in one insert when it settles, each with its own changes', async () => {
    const db = database.db;
    let ids: number[] = [];
    let entriesBefore = -1;
    const statements = await statementsOf(db, () =>
      inTransaction(db, ACTOR, async (records) => {
        ids = [
          await records.insert('order', { name: 'HUB-one-insert-1', organisation: 3, date: Date.now() }),
          await records.insert('order', { name: 'HUB-one-insert-2', organisation: 3, date: Date.now() }),
        ];
        await records.update('order', ids[0]!, { total: '3.00' });
        entriesBefore = (await records.db('audit_log_entries').whereIn('entity_id', ids).where('entity_type', 'order')).length;
      }),
    );
    expect(entriesBefore).toBe(0);
    expect(statements.filter((sql) => /^(with entries as \()?insert into [`"]audit_log_entries[`"]/i.test(sql))).toHaveLength(1);
    const [created, updated] = await entriesOf(db, ids[0]!);
    expect([created?.action, updated?.action]).toEqual(['CREATE', 'UPDATE']);
    expect(await changesOf(db, updated!.id)).toEqual([['total', '3.00']]);
    const [second] = await entriesOf(db, ids[1]!);
    expect(await changesOf(db, second!.id)).toEqual(expect.arrayContaining([['name', 'HUB-one-insert-2']]));
  });

  it('on PostgreSQL settles in one statement, the last with the versions and the COMMIT; a later change joins the entry written', async () => {
    const db = database.db;
    const before = await versionOf(db, 'orders');
    let id = 0;
    const statements = await statementsOf(db, () =>
      inTransaction(db, ACTOR, async (records) => {
        id = await records.insert('order', { name: 'HUB-settled-once', organisation: 3, date: Date.now() });
        await records.update('order', id, { total: '1.00' });
        // Settled mid-way (as a workflow's step may be), then changed again under the same action.
        await records.settle();
        await records.update('order', id, { total: '2.00' });
      }),
    );
    const settling = statements.filter((sql) => /audit_log_entries|audit_field_changes|user_actions|into [`"]data_versions[`"]/i.test(sql));
    // Settled twice: PostgreSQL one statement each time, the last in the COMMIT's round trip with
    // the bumps of the versions (db/commitPipeline.ts): nothing is sent after it; SQLite an insert
    // per table and a bump per version.
    if (db.client.config.client === 'pg') {
      expect(settling).toHaveLength(2);
      expect(statements.at(-1)).toBe(settling[1]);
      expect(statements.filter((sql) => /COMMIT/.test(sql))).toEqual([]);
    } else expect(settling.length).toBeGreaterThan(2);
    expect(await versionOf(db, 'orders')).toBe(before + 2);
    const entries = await entriesOf(db, id);
    expect(entries.map((entry) => entry.action)).toEqual(['CREATE', 'UPDATE']);
    expect(await changesOf(db, entries[1]!.id)).toEqual([
      ['total', '1.00'],
      ['total', '2.00'],
    ]);
    expect(await actionsOn(db, id)).toEqual(['CREATE', 'UPDATE']);
  });

  it('neither checks nor reads the name of a vouched row, nor of one it inserted; an unvouched reference is still checked', async () => {
    const db = database.db;
    let id = 0;
    const statements = await statementsOf(db, () =>
      inTransaction(db, ACTOR, async (records) => {
        records.vouch('organisation', 3, 'Customer Co (as vouched)');
        for (const product of products) records.vouch('product', product, `Product ${product}`);
        id = await records.insert('order', { name: 'HUB-vouched', organisation: 3, date: Date.now() });
        await records.insertMany(
          'order_line_item',
          products.map((product) => ({ order: id, name: 'Line', product, quantity: 1 })),
          { auditOn: () => ({ entity: 'order', id, field: 'line_items', value: 'Line' }) },
        );
      }),
    );
    expect(statements.filter((sql) => /^select '[a-z_]+' as entity, id/i.test(sql))).toEqual([]);
    const [created] = await entriesOf(db, id);
    expect(await changesOf(db, created!.id)).toEqual(expect.arrayContaining([['organisation', 'Customer Co (as vouched)']]));
    const refusal = await inTransaction(db, ACTOR, async (records) => {
      records.vouch('organisation', 3, 'Customer Co Ltd');
      await records.insert('order', { name: 'HUB-unvouched', organisation: 3, created_by_user: 999_999, date: Date.now() });
    }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'unknown_value', details: { field: 'created_by_user' } });
  });
});
