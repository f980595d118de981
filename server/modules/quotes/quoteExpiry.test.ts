import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../../shared/format/dates';
import { connect } from '../../db/connect';
import { expectProblem, publishedQuote } from '../../testing/quotes';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { RESELLER_ADMIN, ROOT_ADMIN, signedIn, type Row } from '../../testing/testUsers';
import { nextPassDelay, QuoteExpiryJob, runQuoteExpiry, type ExpiryRun } from './quoteExpiry';

// The expiry job (docs/quotes.md "Expiry"): PUBLISHED quotes past their expiry date become
// EXPIRED, and recipients are warned some days before, each exactly once however many processes
// run the job over one database; here two runners, each with its own connection pool.

let server: TestServer;
let other: Knex;
let root: TestClient;
let recipient: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  other = connect(server.url);
  root = await signedIn(server, ROOT_ADMIN);
  recipient = await signedIn(server, RESELLER_ADMIN);
});
afterAll(async () => {
  await other.destroy();
  await server.close();
});

const DAY = 24 * 3600_000;
const NOW = Date.parse('2031-03-10T06:00:00Z');
const day = (offset: number) => new Date(NOW + offset * DAY).toISOString().slice(0, 10);
const setExpiry = (id: unknown, date: string) =>
  server.db.transaction((trx) => trx('quotes').where('id', Number(id)).update({ expiry_date: date }));
const statusOf = async (id: unknown) => ((await server.db('quotes').where('id', Number(id)).first('quote_status')) as Row)['quote_status'];
const expireEntries = async (id: unknown) =>
  (await server
    .db('audit_log_entries')
    .where({ entity_type: 'quote', entity_id: Number(id), action: 'EXPIRE' })
    .count('* as n')
    .first()) as { n: number | string };
const warnings = async (name: unknown) =>
  (await server.db('outbox_messages').pluck('payload'))
    .map((payload) => JSON.parse(String(payload)) as { to: string; subject: string })
    .filter((mail) => mail.subject === `Quote ${String(name)} expires on ${formatDate(day(3), 'en-GB')}`);

/** A trigger that makes the database refuse every update of quote `id`, the way a write fails for reasons of its own; drop() takes it away. */
async function refuseUpdatesOf(db: Knex, id: number): Promise<{ drop(): Promise<void> }> {
  const trigger = `refuse_quote_${id}`;
  if (db.client.config.client === 'pg') {
    await db.raw(`create function ${trigger}() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
    await db.raw(`create trigger ${trigger} before update on quotes for each row when (old.id = ${id}) execute function ${trigger}()`);
    return { drop: async () => void (await db.raw(`drop function ${trigger}() cascade`)) };
  }
  await db.raw(
    `create trigger ${trigger} before update on quotes when old.id = ${id} begin select raise(abort, 'refused by the test'); end`,
  );
  return { drop: async () => void (await db.raw(`drop trigger ${trigger}`)) };
}

describe('the quote expiry job', () => {
  it('expires each past quote and warns of each one expiring soon exactly once, with two runners at once', async () => {
    const past = await publishedQuote(root, server.db);
    const soon = await publishedQuote(root, server.db, { name: 'Expiring soon' });
    const later = await publishedQuote(root, server.db, { name: 'Expiring later' });
    await setExpiry(past.id, day(-1));
    await setExpiry(soon.id, day(3));
    await setExpiry(later.id, day(30));
    const runs: ExpiryRun[] = [];
    for (let round = 0; round < 3; round++) {
      runs.push(
        ...(await Promise.all([runQuoteExpiry(server.db, NOW, { warningDays: 7 }), runQuoteExpiry(other, NOW, { warningDays: 7 })])),
      );
    }
    const expired = runs.flatMap((run) => run.expired);
    const warned = runs.flatMap((run) => run.warned);
    expect(expired.filter((id) => id === past.id)).toHaveLength(1);
    expect(warned.filter((id) => id === soon.id)).toHaveLength(1);
    expect(warned).not.toContain(later.id);
    expect(await statusOf(past.id)).toBe('EXPIRED');
    expect(await statusOf(soon.id)).toBe('PUBLISHED');
    expect(Number((await expireEntries(past.id)).n)).toBe(1);
    // Rita, the recipient's admin, subscribes to quote_expiry_warning: one e-mail, once.
    expect((await warnings('Expiring soon')).map((mail) => mail.to)).toEqual(['admin@reseller.example']);
  });

  it('never touches a quote that is not PUBLISHED, and an expired quote cannot be accepted', async () => {
    const quote = await publishedQuote(root, server.db);
    await root.post(`/api/v1/quotes/${quote.id}/void`);
    await setExpiry(quote.id, day(-5));
    await runQuoteExpiry(server.db, NOW, { warningDays: 7 });
    expect(await statusOf(quote.id)).toBe('VOIDED');
    const expiring = await publishedQuote(root, server.db);
    await setExpiry(expiring.id, day(-1));
    await runQuoteExpiry(other, NOW, { warningDays: 0 });
    expect(await statusOf(expiring.id)).toBe('EXPIRED');
    expectProblem(
      await recipient.post(`/api/v1/quotes/${expiring.id}/accept`, { id: expiring.id, purchase_order_number: 'PO-EXP' }),
      409,
      'invalid_state',
    );
    expectProblem(await recipient.post(`/api/v1/quotes/${expiring.id}/decline`), 409, 'invalid_state');
  });

  it('goes on past a quote whose change fails, reports it, and moves it on a later pass', async () => {
    const stuck = await publishedQuote(root, server.db, { name: 'Stuck' });
    const past = await publishedQuote(root, server.db, { name: 'Past' });
    const soon = await publishedQuote(root, server.db, { name: 'Soon' });
    await setExpiry(stuck.id, day(-2));
    await setExpiry(past.id, day(-1));
    await setExpiry(soon.id, day(3));
    const reported: [unknown, number | undefined][] = [];
    const job = new QuoteExpiryJob(server.db, { warningDays: 7, now: () => NOW, onError: (error, id) => reported.push([error, id]) });
    const refusal = await refuseUpdatesOf(server.db, Number(stuck.id));
    let first: ExpiryRun;
    try {
      first = await job.runOnce();
    } finally {
      await refusal.drop();
    }
    // The stuck quote comes first by id: before, its failure ended the pass there.
    expect(first.failed.map((failure) => failure.id)).toEqual([stuck.id]);
    expect(String(first.failed[0]?.error)).toContain('refused by the test');
    expect(reported.map(([error, id]) => [String(error).includes('refused by the test'), id])).toEqual([[true, stuck.id]]);
    expect(first.expired).toContain(past.id);
    expect(first.warned).toContain(soon.id);
    expect(await statusOf(stuck.id)).toBe('PUBLISHED');
    expect(Number((await expireEntries(stuck.id)).n)).toBe(0);
    expect(await statusOf(past.id)).toBe('EXPIRED');
    const second = await job.runOnce();
    expect(second.expired).toEqual([stuck.id]);
    expect(second.failed).toEqual([]);
    expect(await statusOf(stuck.id)).toBe('EXPIRED');
  });

  it('runs as a job that starts at once, repeats, and stops', async () => {
    const quote = await publishedQuote(root, server.db);
    await setExpiry(quote.id, day(-1));
    const passes: ExpiryRun[] = [];
    const job = new QuoteExpiryJob(server.db, { warningDays: 7, intervalMs: 20, now: () => NOW, afterRun: (run) => passes.push(run) });
    job.start();
    await expect.poll(() => passes.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await job.stop();
    const after = passes.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(passes.length).toBe(after);
    expect(passes.flatMap((run) => run.expired)).toEqual([quote.id]);
  });
});

describe('when the next pass runs', () => {
  const at = (iso: string) => Date.parse(iso);
  it('runs a second after UTC midnight when that comes before the interval, else after the interval', () => {
    expect(nextPassDelay(at('2030-06-30T23:30:00Z'), 3_600_000)).toBe(30 * 60_000 + 1_000);
    expect(nextPassDelay(at('2030-06-30T10:00:00Z'), 3_600_000)).toBe(3_600_000);
    expect(nextPassDelay(at('2030-06-30T23:59:59.900Z'), 3_600_000)).toBe(1_100);
    expect(nextPassDelay(at('2030-07-01T00:00:00.500Z'), 3_600_000)).toBe(3_600_000);
  });
});
