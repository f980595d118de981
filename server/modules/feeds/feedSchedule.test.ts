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

  it('retries a failed run with back-off, then gives up until the next slot, recording why', async () => {
    await writeVersionedRows(database.db, async (trx) =>
      trx('feeds')
        .where('id', feedId)
        .update({ ftp_server_port: await closedPort(), last_upload: null }),
    );
    const started = Date.now();
    const retrying = scheduler(database.db, AFTER_SLOT, [20, 40]);
    expect(await retrying.pass()).toBe(1);
    await retrying.settled();
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
    const [run, ...others] = await runs();
    expect(others).toEqual([]);
    expect(run).toMatchObject({ outcome: 'FAILED', error: 'feed_connection_refused' });
    expect(Number(run.attempts)).toBe(3);
    expect(run.finished_at).not.toBeNull();
    expect((await database.db('feeds').where('id', feedId).first('last_upload')).last_upload).toBeNull();
    expect(await scheduler(database.db, AFTER_SLOT + 60_000, [20, 40]).pass()).toBe(0);
  });

  it('holds up no other feed while a failed run waits for its retry', async () => {
    const [failing, next] = await writeVersionedRows(database.db, async (trx) => {
      await trx('feeds')
        .where('id', feedId)
        .update({ ftp_server_port: await closedPort() });
      return [feedId, await insertFeed(trx, `Next ${Date.now()}`)];
    });
    const waiting = scheduler(database.db, AFTER_SLOT, [600_000]);
    // The pass ends with both feeds' first attempts, long before the ten minutes' wait.
    expect(await waiting.pass()).toBe(2);
    const outcomes = async () =>
      Object.fromEntries(
        (
          (await database.db('feed_runs').whereIn('feed_id', [failing, next]).select('feed_id', 'outcome', 'attempts')) as Record<
            string,
            unknown
          >[]
        ).map((run) => [Number(run['feed_id']), [run['outcome'], Number(run['attempts'])]]),
      );
    expect(await outcomes()).toEqual({ [failing]: ['RUNNING', 1], [next]: ['SUCCESS', 1] });
    await waiting.stop();
    expect(await outcomes()).toEqual({ [failing]: ['FAILED', 1], [next]: ['SUCCESS', 1] });
  });

  it('stops between retries when asked, recording the run as failed', async () => {
    await writeVersionedRows(database.db, async (trx) =>
      trx('feeds')
        .where('id', feedId)
        .update({ ftp_server_port: await closedPort() }),
    );
    const waiting = scheduler(database.db, AFTER_SLOT, [60_000]);
    waiting.start();
    for (let i = 0; i < 100 && Number((await runs())[0]?.attempts ?? 0) < 1; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const stopped = Date.now();
    await waiting.stop();
    expect(Date.now() - stopped).toBeLessThan(5_000);
    expect((await runs())[0]).toMatchObject({ outcome: 'FAILED', error: 'feed_connection_refused' });
  });

  /**
   * A server that takes each connection and never says a word, so a delivery to it stays in hand;
   * with `refuseFirst`, its first connection is dropped at once (that delivery fails).
   */
  async function silentServer(refuseFirst = false) {
    const sockets = new Set<Socket>();
    let connections = 0;
    const server = createServer((socket) => {
      connections += 1;
      if (refuseFirst && connections === 1) socket.destroy();
      else sockets.add(socket);
    });
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
  const runOf = async (id: number) =>
    (await database.db('feed_runs').where('feed_id', id).first('outcome', 'attempts')) as { outcome: string; attempts: number } | undefined;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /**
   * Stops `scheduling` while `inHand`'s delivery is held and `waiting`'s run waits for its turn:
   * the stop takes no longer than its grace, `waiting` is FAILED after `attempts`, and `inHand`,
   * cut off, stays RUNNING with its slot taken (docs/feeds.md "Stopping").
   */
  async function expectStopGivesUp(scheduling: FeedScheduler, waiting: number, attempts: number, inHand: number) {
    const stopped = Date.now();
    await scheduling.stop(500);
    expect(Date.now() - stopped).toBeLessThan(2_000);
    expect(await runOf(waiting)).toMatchObject({ outcome: 'FAILED' });
    expect(Number((await runOf(waiting))!.attempts)).toBe(attempts);
    expect(await runOf(inHand)).toMatchObject({ outcome: 'RUNNING' });
  }
  /** Waits (at most four seconds) until `done` holds. */
  const until = async (done: () => Promise<boolean> | boolean) => {
    for (let i = 0; i < 200 && !(await done()); i++) await pause(20);
  };

  it("stops a retry waiting for its turn behind another feed's delivery at once, recording it as failed", async () => {
    const silent = await silentServer();
    const [failing, stuck] = await writeVersionedRows(database.db, async (trx) => {
      await trx('feeds')
        .where('id', feedId)
        .update({ ftp_server_port: await closedPort() });
      const other = await insertFeed(trx, `Stuck ${Date.now()}`);
      await trx('feeds').where('id', other).update({ ftp_server_port: silent.port });
      return [feedId, other];
    });
    const scheduling = scheduler(database.db, AFTER_SLOT, [10]);
    try {
      scheduling.start();
      // The first feed failed once, and the second's delivery is in hand: the first's retry, due
      // after 10 ms, waits for its turn behind it.
      await until(async () => Number((await runOf(failing))?.attempts) === 1 && silent.held() === 1);
      await pause(50);
      expect(await runOf(failing)).toMatchObject({ outcome: 'RUNNING' });
      await expectStopGivesUp(scheduling, failing, 1, stuck);
    } finally {
      silent.close();
      // The cut-off delivery ends (the connection closed) and records its failure before the database goes.
      await until(async () => (await runOf(stuck))?.outcome !== 'RUNNING');
    }
  });

  it("stops a pass's first attempt waiting for its turn behind a retry at once, recording it as failed", async () => {
    const silent = await silentServer(true);
    const [retried, queued] = await writeVersionedRows(database.db, async (trx) => {
      await trx('feeds').where('id', feedId).update({ ftp_server_port: silent.port });
      return [feedId, await insertFeed(trx, `Queued ${Date.now()}`)];
    });
    await writeVersionedRows(database.db, (trx) => trx('feeds').where('id', queued).update({ active: false }));
    const scheduling = scheduler(database.db, AFTER_SLOT, [10]);
    try {
      // The first attempt is refused; its retry, 10 ms later, stays in hand.
      expect(await scheduling.pass()).toBe(1);
      await until(() => silent.held() === 1);
      // A pass now finds the other feed due: its first attempt waits for its turn behind the retry.
      await writeVersionedRows(database.db, (trx) => trx('feeds').where('id', queued).update({ active: true }));
      const passing = scheduling.pass();
      await until(async () => (await runOf(queued)) !== undefined);
      await pause(50);
      await expectStopGivesUp(scheduling, queued, 0, retried);
      expect(await passing).toBe(1);
    } finally {
      silent.close();
      await until(async () => (await runOf(retried))?.outcome !== 'RUNNING');
    }
  });
});
