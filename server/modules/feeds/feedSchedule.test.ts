import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import type { Knex } from 'knex';
import { connect } from '../../db/connect';
import { sealFeedPassword } from '../../db/secrets';
import { closedPort, startSftpServer, type FileServerUnderTest } from '../../testing/feedServers';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabase';
import { writeVersionedRows } from '../../testing/versionedRows';
import type { FeedSettings } from './feedRunner';
import { feedFileName, instantOf, latestSlot, organisationTimezone } from './feedTime';
import { FeedScheduler } from './runs';

describe('feed time slots', () => {
  it('finds the latest slot at or before now in the timezone, across clock changes', () => {
    const at = (iso: string) => Date.parse(iso);
    // 21:00 in London is 21:00 UTC in winter, 20:00 UTC in summer.
    expect(latestSlot(at('2026-11-28T21:00:00Z'), 1260, 'Europe/London')).toBe(at('2026-11-28T21:00:00Z'));
    expect(latestSlot(at('2026-11-28T20:59:59Z'), 1260, 'Europe/London')).toBe(at('2026-11-27T21:00:00Z'));
    expect(latestSlot(at('2026-07-01T20:30:00Z'), 1260, 'Europe/London')).toBe(at('2026-07-01T20:00:00Z'));
    expect(latestSlot(at('2026-11-28T10:00:00Z'), 0, 'Europe/Berlin')).toBe(at('2026-11-27T23:00:00Z'));
    // The day the clocks go forward: 01:30 does not exist in London; the slot falls an hour later on the UTC clock.
    expect(instantOf({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/London')).toBe(at('2026-03-29T01:30:00Z'));
    // Three days down: still one slot, the latest.
    expect(latestSlot(at('2026-12-01T22:00:00Z'), 1260, 'UTC')).toBe(at('2026-12-01T21:00:00Z'));
  });

  it('names files by the timestamp rules of 002 §5', () => {
    const instant = Date.parse('2026-11-28T21:05:09Z');
    expect(feedFileName({ delivery_method: 'FTP', filename: null, sitc_filename: null }, instant, 'Europe/Berlin')).toBe(
      '20261128220509 - Hub Feed.csv',
    );
    expect(feedFileName({ delivery_method: 'FTP', filename: 'stock-YYYYMMDDHHmmss.csv', sitc_filename: null }, instant, 'UTC')).toBe(
      'stock-20261128210509.csv',
    );
    expect(feedFileName({ delivery_method: 'SITC', filename: 'ignored.csv', sitc_filename: 'reseller.csv' }, instant, 'UTC')).toBe(
      'reseller.csv',
    );
  });
});

// docs/feeds.md "The schedule": exactly once per slot across processes sharing the database.
describe('the feed scheduler', () => {
  let database: TestDatabase;
  let second: Knex;
  let sftp: FileServerUnderTest;
  const settings: FeedSettings = { mail: { smtpUrl: undefined, from: 'hub@localhost', folder: '/nonexistent' }, tls: {}, sitc: undefined };
  const SLOT = 1260; // 21:00
  const AFTER_SLOT = Date.parse('2026-11-28T21:00:30Z'); // the reseller's users keep Europe/London

  beforeAll(async () => {
    database = await createTestDatabase({ demo: true });
    second = connect(database.url);
    sftp = await startSftpServer();
  });
  afterAll(async () => {
    await second.destroy();
    await sftp.close();
    await database.drop();
  });

  /** An active SFTP feed of the reseller's, due at SLOT, delivering to the test's server. */
  async function insertFeed(trx: Knex.Transaction, name: string): Promise<number> {
    const [row] = (await trx('feeds')
      .insert({
        name,
        organisation_id: 2,
        active: true,
        timeslot: SLOT,
        delivery_method: 'FTP',
        ftp_server_protocol: 'SFTP',
        delivery_server: '127.0.0.1',
        ftp_server_port: sftp.port,
        delivery_user: sftp.user,
        delivery_password: sealFeedPassword(sftp.password),
        filename: 'nightly-YYYYMMDDHHmmss.csv',
        columns: JSON.stringify(['name', 'price']),
        show_headers: true,
        show_empty_stock: false,
        delimiter: 'COMMA',
        escape_method: 'QUOTED',
        sitc_confirm: false,
      })
      .returning('id')) as ({ id: number } | number)[];
    return Number(typeof row === 'object' ? row.id : row);
  }

  let feedId = 0;
  beforeEach(async () => {
    // Only this test's feed is due: the demo's feeds are switched off.
    feedId = await writeVersionedRows(database.db, async (trx) => {
      await trx('feed_runs').delete();
      await trx('feeds').update({ active: false });
      return insertFeed(trx, `Nightly ${Date.now()}`);
    });
  });
  const runs = () => database.db('feed_runs').where('feed_id', feedId).orderBy('id');
  const scheduler = (db: Knex, now: number, retryDelaysMs: number[] = []) =>
    new FeedScheduler(db, { settings, now: () => now, retryDelaysMs });

  it("takes the organisation's timezone from its users", async () => {
    expect(await organisationTimezone(database.db, 2)).toBe('Europe/London');
  });

  it('delivers a slot exactly once when two processes on one database both look', async () => {
    const before = sftp.files().length;
    const [a, b] = [scheduler(database.db, AFTER_SLOT), scheduler(second, AFTER_SLOT)];
    const made = await Promise.all([a.pass(), b.pass(), a.pass(), b.pass()]);
    expect(made.reduce((sum, n) => sum + n, 0)).toBe(1);
    const [run, ...others] = await runs();
    expect(others).toEqual([]);
    expect(run).toMatchObject({ kind: 'SCHEDULED', outcome: 'SUCCESS' });
    expect(Number(run.slot)).toBe(Date.parse('2026-11-28T21:00:00Z'));
    expect(Number(run.rows)).toBeGreaterThan(0);
    expect(sftp.files().length).toBe(before + 1);
    expect(sftp.files()).toContain('nightly-20261128210030.csv');
    expect(Number(sftp.read('nightly-20261128210030.csv').length)).toBe(Number(run.bytes));
    expect(Number((await database.db('feeds').where('id', feedId).first('last_upload')).last_upload)).toBe(AFTER_SLOT);
    // The host key met at first use is kept.
    expect((await database.db('feeds').where('id', feedId).first('sftp_host_key')).sftp_host_key).toMatch(/^[A-Za-z0-9+/]{43}$/);
    // Later in the day nothing more runs; the next day's slot runs once.
    expect(await scheduler(second, AFTER_SLOT + 3_600_000).pass()).toBe(0);
    expect(await scheduler(second, AFTER_SLOT + 86_400_000).pass()).toBe(1);
  });

  it('catches up once after downtime, not once per missed day, and leaves inactive or unscheduled feeds alone', async () => {
    const threeDaysLater = AFTER_SLOT + 3 * 86_400_000;
    expect(await scheduler(database.db, threeDaysLater).pass()).toBe(1);
    expect(await scheduler(database.db, threeDaysLater + 60_000).pass()).toBe(0);
    expect((await runs()).map((run) => Number(run.slot))).toEqual([Date.parse('2026-12-01T21:00:00Z')]);
    await writeVersionedRows(database.db, (trx) => trx('feeds').where('id', feedId).update({ active: false }));
    expect(await scheduler(database.db, threeDaysLater + 86_400_000).pass()).toBe(0);
    await writeVersionedRows(database.db, (trx) => trx('feeds').where('id', feedId).update({ active: true, timeslot: null }));
    expect(await scheduler(database.db, threeDaysLater + 86_400_000).pass()).toBe(0);
  });

  /** Points the test's feed at a port nothing listens on: each delivery to it is refused. */
  const refuseDeliveries = async (id = feedId) => {
    const port = await closedPort();
    await writeVersionedRows(database.db, (trx) => trx('feeds').where('id', id).update({ ftp_server_port: port, last_upload: null }));
  };
  const runOf = async (id: number) =>
    (await database.db('feed_runs').where('feed_id', id).orderBy('id').first('outcome', 'attempts', 'retry_at', 'error', 'finished_at')) as
      | { outcome: string; attempts: number | string; retry_at: number | string | null; error: string | null; finished_at: unknown }
      | undefined;
  const waitingRetry = async (id: number) => {
    const run = await runOf(id);
    return run && { outcome: run.outcome, attempts: Number(run.attempts), retry_at: run.retry_at === null ? null : Number(run.retry_at) };
  };

  it('retries a failed run with back-off kept in the database, then gives up until the next slot, recording why', async () => {
    await refuseDeliveries();
    const at = (ms: number) => scheduler(database.db, AFTER_SLOT + ms, [20_000, 40_000]);
    expect(await at(0).pass()).toBe(1);
    expect(await waitingRetry(feedId)).toEqual({ outcome: 'RUNNING', attempts: 1, retry_at: AFTER_SLOT + 20_000 });
    expect((await runOf(feedId))!.error).toBe('feed_connection_refused');
    // Not due yet; then due, tried and failed again, with the next wait after it.
    expect(await at(19_999).pass()).toBe(0);
    expect(await at(20_000).pass()).toBe(1);
    expect(await waitingRetry(feedId)).toEqual({ outcome: 'RUNNING', attempts: 2, retry_at: AFTER_SLOT + 60_000 });
    expect(await at(59_999).pass()).toBe(0);
    expect(await at(60_000).pass()).toBe(1);
    expect(await waitingRetry(feedId)).toEqual({ outcome: 'FAILED', attempts: 3, retry_at: null });
    const [run, ...others] = await runs();
    expect(others).toEqual([]);
    expect(run).toMatchObject({ error: 'feed_connection_refused' });
    expect(run.finished_at).not.toBeNull();
    expect((await database.db('feeds').where('id', feedId).first('last_upload')).last_upload).toBeNull();
    expect(await at(120_000).pass()).toBe(0);
  });

  it('delivers on a retry once the server is back', async () => {
    await refuseDeliveries();
    expect(await scheduler(database.db, AFTER_SLOT, [30_000]).pass()).toBe(1);
    await writeVersionedRows(database.db, (trx) => trx('feeds').where('id', feedId).update({ ftp_server_port: sftp.port }));
    expect(await scheduler(database.db, AFTER_SLOT + 30_000, [30_000]).pass()).toBe(1);
    expect(await runOf(feedId)).toMatchObject({ outcome: 'SUCCESS', error: null, retry_at: null });
    expect(Number((await runOf(feedId))!.attempts)).toBe(2);
    expect(Number((await database.db('feeds').where('id', feedId).first('last_upload')).last_upload)).toBe(AFTER_SLOT + 30_000);
  });

  it('holds up no other feed while a failed run waits for its retry, and keeps the retry across a stop for any process', async () => {
    const next = await writeVersionedRows(database.db, (trx) => insertFeed(trx, `Next ${Date.now()}`));
    await refuseDeliveries();
    const waiting = scheduler(database.db, AFTER_SLOT, [600_000]);
    // The pass ends with both feeds' first attempts, long before the ten minutes' wait.
    expect(await waiting.pass()).toBe(2);
    expect(await waitingRetry(feedId)).toEqual({ outcome: 'RUNNING', attempts: 1, retry_at: AFTER_SLOT + 600_000 });
    expect(await runOf(next)).toMatchObject({ outcome: 'SUCCESS' });
    await waiting.stop();
    expect(await waitingRetry(feedId)).toEqual({ outcome: 'RUNNING', attempts: 1, retry_at: AFTER_SLOT + 600_000 });
    // The other process's pass, once the wait is over, makes the retry; the server is back by then.
    await writeVersionedRows(database.db, (trx) => trx('feeds').where('id', feedId).update({ ftp_server_port: sftp.port }));
    expect(await scheduler(second, AFTER_SLOT + 600_000, [600_000]).pass()).toBe(1);
    expect(await waitingRetry(feedId)).toEqual({ outcome: 'SUCCESS', attempts: 2, retry_at: null });
  });

  it('makes a due retry once when two processes both look', async () => {
    await refuseDeliveries();
    expect(await scheduler(database.db, AFTER_SLOT, [10_000]).pass()).toBe(1);
    const due = AFTER_SLOT + 10_000;
    const made = await Promise.all([
      scheduler(database.db, due, [10_000, 10_000]).pass(),
      scheduler(second, due, [10_000, 10_000]).pass(),
      scheduler(database.db, due, [10_000, 10_000]).pass(),
      scheduler(second, due, [10_000, 10_000]).pass(),
    ]);
    expect(made.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await waitingRetry(feedId)).toEqual({ outcome: 'RUNNING', attempts: 2, retry_at: due + 10_000 });
  });

  it('gives a waiting retry up when its feed is switched off, or when its next slot comes first', async () => {
    await refuseDeliveries();
    expect(await scheduler(database.db, AFTER_SLOT, [60_000]).pass()).toBe(1);
    await writeVersionedRows(database.db, (trx) => trx('feeds').where('id', feedId).update({ active: false }));
    expect(await scheduler(database.db, AFTER_SLOT + 60_000, [60_000]).pass()).toBe(0);
    expect(await runOf(feedId)).toMatchObject({ outcome: 'FAILED', error: 'feed_connection_refused', retry_at: null });
    expect(Number((await runOf(feedId))!.attempts)).toBe(1);

    // A process down for two days: the old slot's retry is given up, the latest slot runs (once).
    await writeVersionedRows(database.db, async (trx) => {
      await trx('feed_runs').where('feed_id', feedId).delete();
      await trx('feeds').where('id', feedId).update({ active: true });
    });
    expect(await scheduler(database.db, AFTER_SLOT, [60_000]).pass()).toBe(1);
    const twoDaysLater = AFTER_SLOT + 2 * 86_400_000;
    expect(await scheduler(database.db, twoDaysLater, [60_000]).pass()).toBe(1);
    const [old, latest, ...others] = (await runs()) as Record<string, unknown>[];
    expect(others).toEqual([]);
    expect(old).toMatchObject({ outcome: 'FAILED', retry_at: null });
    expect(Number(old!['attempts'])).toBe(1);
    expect(Number(latest!['slot'])).toBe(Date.parse('2026-11-30T21:00:00Z'));
    expect(Number(latest!['retry_at'])).toBe(twoDaysLater + 60_000);
  });

  it("records a run its process never finished (killed mid-delivery) as cut off once the feed's next slot is claimed", async () => {
    // As a process killed during the delivery leaves it: RUNNING, no retry waiting.
    await writeVersionedRows(database.db, (trx) =>
      trx('feed_runs').insert({
        feed_id: feedId,
        kind: 'SCHEDULED',
        slot: Date.parse('2026-11-28T21:00:00Z'),
        started_at: AFTER_SLOT,
        outcome: 'RUNNING',
        attempts: 0,
      }),
    );
    // Later that day it is still in hand as far as anyone can tell, and the slot is not run again.
    expect(await scheduler(database.db, AFTER_SLOT + 3_600_000).pass()).toBe(0);
    expect(await runOf(feedId)).toMatchObject({ outcome: 'RUNNING', error: null });
    // The next day's slot runs, and the old run is recorded cut off, never tried again.
    expect(await scheduler(database.db, AFTER_SLOT + 86_400_000).pass()).toBe(1);
    const [old, next, ...others] = (await runs()) as Record<string, unknown>[];
    expect(others).toEqual([]);
    expect(old).toMatchObject({ outcome: 'FAILED', error: 'feed_interrupted', retry_at: null });
    expect(old!['finished_at']).not.toBeNull();
    expect(next).toMatchObject({ outcome: 'SUCCESS' });
  });

  /** A server that takes each connection and never says a word, so a delivery to it stays in hand. */
  async function silentServer() {
    const sockets = new Set<Socket>();
    const server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      port: (server.address() as AddressInfo).port,
      /** How many deliveries it holds. */
      held: () => sockets.size,
      close: () => {
        for (const socket of sockets) socket.destroy();
        server.close();
      },
    };
  }
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Waits (at most four seconds) until `done` holds. */
  const until = async (done: () => Promise<boolean> | boolean) => {
    for (let i = 0; i < 200 && !(await done()); i++) await pause(20);
  };

  it('stops within its grace while a delivery is held, recording it cut off, and leaves the retry due after it to the next pass', async () => {
    await refuseDeliveries();
    expect(await scheduler(database.db, AFTER_SLOT, [10]).pass()).toBe(1);
    const silent = await silentServer();
    const stuck = await writeVersionedRows(database.db, async (trx) => {
      const id = await insertFeed(trx, `Stuck ${Date.now()}`);
      await trx('feeds').where('id', id).update({ ftp_server_port: silent.port });
      return id;
    });
    // The pass takes the new feed's slot first: its delivery stays in hand, the retry due behind it.
    const scheduling = scheduler(database.db, AFTER_SLOT + 10, [10]);
    try {
      scheduling.start();
      await until(() => silent.held() === 1);
      expect(silent.held()).toBe(1);
      const stopped = Date.now();
      await scheduling.stop(500);
      expect(Date.now() - stopped).toBeLessThan(2_000);
      // The held delivery is cut off: FAILED, never tried again (it may have arrived), its slot
      // taken. The retry still waits.
      expect(await runOf(stuck)).toMatchObject({ outcome: 'FAILED', error: 'feed_interrupted', retry_at: null });
      expect((await runOf(stuck))!.finished_at).not.toBeNull();
      expect(await waitingRetry(feedId)).toEqual({ outcome: 'RUNNING', attempts: 1, retry_at: AFTER_SLOT + 10 });
    } finally {
      silent.close();
      // The cut-off delivery ends (the connection closed) and its pass with it, before the database goes.
      await scheduling.stop();
    }
    // Its failure at the close changed nothing: no retry follows a cut-off delivery.
    expect(await runOf(stuck)).toMatchObject({ outcome: 'FAILED', error: 'feed_interrupted', retry_at: null });
    expect(await scheduler(second, AFTER_SLOT + 10, [10]).pass()).toBe(1);
    expect(await waitingRetry(feedId)).toEqual({ outcome: 'FAILED', attempts: 2, retry_at: null });
  });
});
