import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAIL_TOPIC, mailFileHandler, mailHandler, queueMail } from '../integrations/mail';
import { startSmtpCatcher, type SmtpCatcher } from '../testing/smtpCatcher';
import { statementsOf } from '../testing/statementsOf';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { enqueueAll, OutboxDispatcher } from './outbox';
import { inTransaction, SYSTEM_ACTOR } from './records';
import { runWorkflow } from './workflow';

// Messages queued by a write leave after it commits, through a real SMTP server on loopback.
describe('the outbox and e-mail', () => {
  let database: TestDatabase;
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    database = await createTestDatabase({ demo: false });
    smtp = await startSmtpCatcher();
  });
  afterAll(async () => {
    await smtp.close();
    await database.drop();
  });

  const dispatcher = (now: () => number = Date.now) =>
    new OutboxDispatcher(database.db, { [MAIL_TOPIC]: mailHandler(smtp.url, 'Reseller Hub <hub@example.test>') }, { now });

  it('sends an e-mail queued by a committed write, once', async () => {
    await inTransaction(database.db, SYSTEM_ACTOR, (records) =>
      queueMail(records, { to: 'ann@example.test', subject: 'Order 12 approved', text: 'Your order 12 was approved.' }),
    );
    const outbox = dispatcher();
    expect(await outbox.deliverDue()).toBe(1);
    expect(await outbox.deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['ann@example.test']);
    expect(smtp.received[0]!.data).toContain('Subject: Order 12 approved');
  });

  it('sends each of several e-mails queued together once, in the order they were queued', async () => {
    const subscribers = ['dan@example.test', 'eve@example.test', 'fay@example.test'];
    await inTransaction(database.db, SYSTEM_ACTOR, (records) =>
      enqueueAll(
        records,
        MAIL_TOPIC,
        subscribers.map((to) => ({ to, subject: 'Order 13 cancelled', text: 'Your order 13 was cancelled.' })),
      ),
    );
    const before = smtp.received.length;
    const outbox = dispatcher();
    expect(await outbox.deliverDue()).toBe(3);
    expect(await outbox.deliverDue()).toBe(0);
    expect(smtp.received.slice(before).map((mail) => mail.to[0])).toEqual(subscribers);
  });

  it('writes a queued message on PostgreSQL as its transaction settles, in the settling statement; on SQLite at once', async () => {
    const statements = await statementsOf(database.db, () =>
      inTransaction(database.db, SYSTEM_ACTOR, async (records) => {
        await queueMail(records, { to: 'gil@example.test', subject: 'Settled', text: 'Written with the commit.' });
        // On PostgreSQL not written yet: the transaction has not settled.
        const waiting = (await records.db('outbox_messages').where('payload', 'like', '%gil@example.test%').count({ n: '*' }).first()) as {
          n: number | string;
        };
        expect(Number(waiting.n)).toBe(database.db.client.config.client === 'pg' ? 0 : 1);
      }),
    );
    const inserts = statements.filter((sql) => /^insert into [`"]outbox_messages[`"]/i.test(sql));
    const settling = statements.filter((sql) => /^with .*inserted_0 as \(insert into "outbox_messages"/i.test(sql));
    if (database.db.client.config.client === 'pg') expect([inserts.length, settling.length]).toEqual([0, 1]);
    else expect([inserts.length, settling.length]).toEqual([1, 0]);
    const before = smtp.received.length;
    expect(await dispatcher().deliverDue()).toBe(1);
    expect(smtp.received.slice(before).map((mail) => mail.to[0])).toEqual(['gil@example.test']);
  });

  it('sends nothing for a write that rolled back', async () => {
    const failed = inTransaction(database.db, SYSTEM_ACTOR, async (records) => {
      await queueMail(records, { to: 'bob@example.test', subject: 'Never', text: 'Rolled back.' });
      throw new Error('the change failed');
    });
    await expect(failed).rejects.toThrow('the change failed');
    expect(await dispatcher().deliverDue()).toBe(0);
    expect(smtp.received.map((mail) => mail.to[0])).not.toContain('bob@example.test');
  });

  it('keeps a refused message, with its error, and delivers it once its back-off has passed', async () => {
    smtp.refuseNext(1);
    await inTransaction(database.db, SYSTEM_ACTOR, (records) =>
      queueMail(records, { to: 'cat@example.test', subject: 'Retry me', text: 'Later.' }),
    );
    let clock = Date.now();
    const outbox = dispatcher(() => clock);
    expect(await outbox.deliverDue()).toBe(0);
    const waiting = (await database.db('outbox_messages').where('payload', 'like', '%cat@example.test%').first()) as {
      attempts: number;
      last_error: string;
      delivered_at: number | null;
    };
    expect([Number(waiting.attempts), waiting.delivered_at]).toEqual([1, null]);
    expect(waiting.last_error).toMatch(/busy/);
    expect(await outbox.deliverDue()).toBe(0);
    clock += 60_000;
    expect(await outbox.deliverDue()).toBe(1);
    expect(smtp.received.map((mail) => mail.to[0])).toContain('cat@example.test');
  });

  it('writes e-mails as .eml files when no SMTP server is configured', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'hub-mail-'));
    await inTransaction(database.db, SYSTEM_ACTOR, (records) =>
      queueMail(records, { to: 'gus@example.test', subject: 'Filed', text: 'On disk.' }),
    );
    const outbox = new OutboxDispatcher(database.db, { [MAIL_TOPIC]: mailFileHandler(folder, 'hub@example.test') });
    expect(await outbox.deliverDue()).toBe(1);
    const [file] = await readdir(folder);
    expect(file).toMatch(/gus@example\.test\.eml$/);
    expect(await readFile(join(folder, file!), 'utf8')).toMatch(/Subject: Filed[\s\S]*On disk\./);
    await rm(folder, { recursive: true });
  });

  it('lets two dispatchers share the table without sending a message twice', async () => {
    const before = smtp.received.length;
    await inTransaction(database.db, SYSTEM_ACTOR, async (records) => {
      for (const name of ['dan', 'eve', 'fay']) await queueMail(records, { to: `${name}@example.test`, subject: 'Shared', text: 'Once.' });
    });
    const [first, second] = await Promise.all([dispatcher().deliverDue(), dispatcher().deliverDue()]);
    expect(first + second).toBe(3);
    expect(smtp.received.length - before).toBe(3);
  });
});

describe('workflows', () => {
  it('runs steps in order and, when one fails, compensates the finished ones in reverse before rethrowing', async () => {
    const trail: string[] = [];
    const step = (name: string, fails = false) => ({
      name,
      run: async () => {
        if (fails) throw new Error(`${name} failed`);
        trail.push(`run ${name}`);
      },
      compensate: async () => {
        trail.push(`undo ${name}`);
      },
    });
    await expect(runWorkflow('checkout', [step('reserve'), step('authorise'), step('place', true)], {})).rejects.toThrow('place failed');
    expect(trail).toEqual(['run reserve', 'run authorise', 'undo authorise', 'undo reserve']);
  });
});
