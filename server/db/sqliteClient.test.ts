import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect } from './connect';
import { preparedRead } from './preparedRead';
import type { SqliteClient } from './sqliteClient';

// The SQLite client (server/db/sqliteClient.ts): statements kept per connection, and BEGIN
// IMMEDIATE waiting for another connection's write lock without stopping the event loop.

let folder: string;
const opened: Knex[] = [];
const open = (): Knex => {
  const db = connect(`sqlite://${join(folder, 'client.sqlite')}`);
  opened.push(db);
  return db;
};

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'hub-sqlite-client-'));
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
  rmSync(folder, { recursive: true, force: true });
});

describe.runIf(!process.env['TEST_DATABASE_URL'])('the SQLite client', () => {
  it('prepares a statement once per connection and runs it with each call’s values', async () => {
    const db = open();
    await db.schema.createTable('things', (table) => {
      table.increments('id');
      table.string('name');
    });
    const client = db.client as unknown as {
      acquireConnection(): Promise<unknown>;
      releaseConnection(connection: unknown): Promise<unknown>;
    };
    const connection = (await client.acquireConnection()) as { prepare(sql: string): unknown };
    await client.releaseConnection(connection);
    const prepared: string[] = [];
    const prepare = connection.prepare.bind(connection);
    connection.prepare = (sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    };
    for (const name of ['a', 'b', 'c']) await db('things').insert({ name });
    const names = [];
    for (const name of ['a', 'c', 'x']) names.push(await db('things').where({ name }).first('name'));
    expect(names).toEqual([{ name: 'a' }, { name: 'c' }, undefined]);
    expect(prepared).toHaveLength(2);
  });

  it('begins a transaction behind another connection’s writer, the event loop running while it waits', async () => {
    const first = open();
    const second = open();
    await first.schema.createTable('counts', (table) => table.integer('n'));
    await first('counts').insert({ n: 0 });
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const firstWrite = first.transaction(async (trx) => {
      await trx('counts').increment('n', 1);
      order.push('first wrote');
      await held;
      order.push('first commits');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const secondWrite = second.transaction(async (trx) => {
      order.push('second began');
      await trx('counts').increment('n', 10);
    });
    const ticksBefore = ticks;
    await new Promise((resolve) => setTimeout(resolve, 150));
    // With SQLite's own busy wait the second connection would stop the loop here, and the first never commit.
    expect(ticks - ticksBefore).toBeGreaterThan(5);
    expect(order).toEqual(['first wrote']);
    release();
    await Promise.all([firstWrite, secondWrite]);
    clearInterval(ticker);
    expect(order).toEqual(['first wrote', 'first commits', 'second began']);
    expect(await first('counts').first('n')).toEqual({ n: 11 });
  });

  it('reads the last commit on its read connection while a transaction holds the write connection, and refuses writes there', async () => {
    const db = open();
    await db.schema.createTable('counts', (table) => table.integer('n'));
    await db('counts').insert({ n: 1 });
    const count = { name: 'test_count', sqlite: 'select n from counts', postgres: 'select n from counts' };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const write = db.transaction(async (trx) => {
      await trx('counts').update({ n: 2 });
      wrote();
      await held;
    });
    await written;
    const answer = await Promise.race([
      preparedRead(db, count, []),
      new Promise((resolve) => setTimeout(() => resolve('waited for the transaction'), 200)),
    ]);
    expect(answer).toEqual([{ n: 1 }]);
    release();
    await write;
    expect(await preparedRead(db, count, [])).toEqual([{ n: 2 }]);
    const reader = (db.client as SqliteClient).readConnection()!;
    expect(() => reader.exec('update counts set n = 3')).toThrow(/readonly|read-only|query_only/i);
  });
});
