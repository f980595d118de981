import type { Knex } from 'knex';
import { onPostgres } from '../../db/dialect';
import { DomainError } from '../../domain/errors';
import { inTransaction, SYSTEM_ACTOR, type Records } from '../../writes/records';
import { buildAndDeliver, feedSettingsFrom, loadFeed, type FeedSettings } from './feedRunner';
import { failureOf } from './delivery';
import { latestSlot, organisationTimezone } from './feedTime';

/** The fields of a run as the API shows it (schema FeedRun). */
export const RUN_FIELDS = [
  'id',
  'kind',
  'slot',
  'started_at',
  'finished_at',
  'outcome',
  'attempts',
  'bytes',
  'rows',
  'error',
  'error_detail',
  'retry_at',
] as const;

export interface SchedulerOptions {
  settings?: FeedSettings;
  /** How often due slots and retries are looked for (default a minute: each starts within a minute of its time). */
  pollMs?: number;
  /** The waits before each retry of a failed run; after the last, it gives up until the next slot. */
  retryDelaysMs?: readonly number[];
  now?: () => number;
}

const isDuplicate = (error: unknown) => error instanceof DomainError && error.code === 'duplicate_value';
const isBusy = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

/**
 * One of the scheduler's transactions through the write path, tried again while SQLite says another
 * process holds the database (see claim).
 */
async function schedulerTransaction<T>(db: Knex, work: (records: Records) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(db, SYSTEM_ACTOR, work);
    } catch (error) {
      if (!isBusy(error) || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/** A run whose retry is due, with what decides whether it is still wanted. */
interface DueRetry {
  id: number;
  feed_id: number;
  slot: number;
  attempts: number;
  retry_at: number;
  active: boolean;
  timeslot: number | null;
  organisation_id: number;
}

/**
 * Runs each active feed once at its time slot every day, in its organisation's timezone
 * (docs/feeds.md). Several processes may share the database: a run is claimed by inserting its
 * (feed, slot) row through the write path, which the unique index lets only one of them do, so
 * each slot is delivered exactly once. Each pass looks only at the latest slot of each feed, so a
 * process that was down catches up once, not once per missed day. A failed delivery is retried
 * after each of retryDelaysMs, then given up until the next slot. A retry waits in the database
 * (the run's `retry_at`), not in a process: the pass that finds it due, in whichever process,
 * claims and makes it, so a restart or a stop loses none. Deliveries run one at a time, off the
 * request path, reading the catalogue a page at a time.
 */
export class FeedScheduler {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | undefined;
  private stopping = false;
  /** The run being delivered, and whether stop() gave it up (cut off past its grace). */
  private inHand: { runId: number; cutOff: boolean } | undefined;
  private readonly settings: FeedSettings;
  private readonly pollMs: number;
  private readonly retryDelaysMs: readonly number[];
  private readonly now: () => number;

  constructor(
    private readonly db: Knex,
    options: SchedulerOptions = {},
  ) {
    this.settings = options.settings ?? feedSettingsFrom();
    this.pollMs = options.pollMs ?? 60_000;
    this.retryDelaysMs = options.retryDelaysMs ?? [60_000, 300_000, 900_000];
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.stopping = false;
    this.timer ??= setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /**
   * Stops looking for slots and retries, and waits for the delivery in hand at most `graceMs`, so a
   * slow server cannot hold up a shutdown. A delivery still in hand then is recorded FAILED
   * (feed_interrupted) and not tried again: it may have arrived, and at most once wins over a
   * possible duplicate (docs/feeds.md "Stopping"). Runs waiting for a retry keep waiting in the
   * database for the next pass of any process.
   */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.running, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    const cut = this.inHand;
    if (!cut || cut.cutOff) return;
    cut.cutOff = true;
    // Only while it is still in hand: a delivery that ended meanwhile keeps its own outcome.
    await this.updateRunIf(
      cut.runId,
      { outcome: 'RUNNING', retry_at: null },
      {
        outcome: 'FAILED',
        finished_at: this.now(),
        error: 'feed_interrupted',
        error_detail: `cut off by a stop after ${graceMs} ms`,
      },
    ).catch((error: unknown) => console.error(`feed run ${cut.runId}: recording its cut-off failed`, error));
  }

  /** Starts a pass unless one is under way. */
  kick(): void {
    if (this.running || this.stopping) return;
    this.running = this.pass()
      .then(() => undefined)
      .catch((error: unknown) => console.error('feed schedule pass failed', error))
      .finally(() => (this.running = undefined));
  }

  /**
   * One pass: claims and runs every feed whose latest slot has no run yet, then makes the retries
   * that are due (a feed's first delivery of the day is not held up by another's failing server).
   * Answers how many deliveries it made.
   */
  async pass(): Promise<number> {
    const zones = new Map<number, Promise<string>>();
    const timezoneOf = (organisation: number) => {
      if (!zones.has(organisation)) zones.set(organisation, organisationTimezone(this.db, organisation));
      return zones.get(organisation)!;
    };
    return (await this.dueSlots(timezoneOf)) + (await this.dueRetries(timezoneOf));
  }

  private async dueSlots(timezoneOf: (organisation: number) => Promise<string>): Promise<number> {
    const feeds = (await this.db('feeds')
      .where('active', true)
      .whereNotNull('timeslot')
      .orderBy('id')
      .select('id', 'timeslot', 'organisation_id')) as { id: number; timeslot: number; organisation_id: number }[];
    let ran = 0;
    for (const feed of feeds) {
      if (this.stopping) break;
      const timezone = await timezoneOf(Number(feed.organisation_id));
      const slot = latestSlot(this.now(), Number(feed.timeslot), timezone);
      if (await this.db('feed_runs').where({ feed_id: feed.id, slot }).first('id')) continue;
      const runId: number | undefined = await this.claim(Number(feed.id), slot);
      if (runId === undefined) continue;
      ran++;
      await this.attempt(Number(feed.id), runId, timezone, 1);
    }
    return ran;
  }

  /**
   * The retries whose time has come, oldest first. A retry is made only while its run is still the
   * one its feed wants: a feed switched off, unscheduled or past its next slot gives it up instead
   * (FAILED, its last error kept), so a process starting days later sends no stale file.
   */
  private async dueRetries(timezoneOf: (organisation: number) => Promise<string>): Promise<number> {
    const due = (await this.db('feed_runs as run')
      .join('feeds as feed', 'feed.id', 'run.feed_id')
      .where('run.outcome', 'RUNNING')
      .where('run.retry_at', '<=', this.now())
      .orderBy([{ column: 'run.retry_at' }, { column: 'run.id' }])
      .select(
        'run.id',
        'run.feed_id',
        'run.slot',
        'run.attempts',
        'run.retry_at',
        'feed.active',
        'feed.timeslot',
        'feed.organisation_id',
      )) as DueRetry[];
    let ran = 0;
    for (const run of due) {
      if (this.stopping) break;
      const timezone = await timezoneOf(Number(run.organisation_id));
      const wanted =
        Boolean(run.active) && run.timeslot !== null && latestSlot(this.now(), Number(run.timeslot), timezone) === Number(run.slot);
      const claimed = await this.updateRunIf(
        Number(run.id),
        { outcome: 'RUNNING', retry_at: Number(run.retry_at) },
        wanted ? { retry_at: null } : { retry_at: null, outcome: 'FAILED', finished_at: this.now() },
      );
      if (!claimed || !wanted) continue;
      ran++;
      await this.attempt(Number(run.feed_id), Number(run.id), timezone, Number(run.attempts) + 1);
    }
    return ran;
  }

  /**
   * The (feed, slot) row inserted, or undefined when another process inserted it first. SQLite
   * answers a second process's write that began as a read with SQLITE_BUSY at once (it cannot wait
   * without deadlocking): the claim is tried again, and then meets the other's row.
   *
   * An earlier slot's run still RUNNING with no retry waiting is then one whose process ended
   * during its delivery (killed, or crashed) a day or more ago: it is recorded FAILED
   * (feed_interrupted) with the claim, never tried again (at most once, docs/feeds.md "Stopping").
   */
  private async claim(feedId: number, slot: number): Promise<number | undefined> {
    try {
      return await schedulerTransaction(this.db, async (records) => {
        const runId = await records.insert('feed_run', {
          feed: feedId,
          kind: 'SCHEDULED',
          slot,
          started_at: this.now(),
          outcome: 'RUNNING',
          attempts: 0,
        });
        const abandoned = (await records
          .db('feed_runs')
          .where({ feed_id: feedId, outcome: 'RUNNING', retry_at: null })
          .where('slot', '<', slot)
          .pluck('id')) as (number | string)[];
        for (const id of abandoned)
          await records.update('feed_run', Number(id), {
            outcome: 'FAILED',
            finished_at: this.now(),
            error: 'feed_interrupted',
            error_detail: 'never finished: its process ended during the delivery',
          });
        return runId;
      });
    } catch (error) {
      if (isDuplicate(error)) return undefined;
      throw error;
    }
  }

  /**
   * Writes `values` on the run only while it still is as `expected`, and answers whether it did:
   * how a due retry is taken (its `retry_at` cleared) by one process of several, and how a stop
   * records a cut-off delivery without overwriting an outcome recorded meanwhile. The run is read
   * again under its row's lock (PostgreSQL; SQLite's write transactions run one at a time).
   */
  private async updateRunIf(runId: number, expected: Record<string, unknown>, values: Record<string, unknown>): Promise<boolean> {
    return schedulerTransaction(this.db, async (records) => {
      const current = records
        .db('feed_runs')
        .where({ id: runId, ...expected })
        .first('id');
      if (onPostgres(records.db)) current.forUpdate();
      if (!(await current)) return false;
      await records.update('feed_run', runId, values);
      return true;
    });
  }

  /**
   * One delivery of the run's feed, its outcome recorded: on a failure with a retry left, the run
   * stays RUNNING with its attempts, why, and when to try again; else it ends either way.
   */
  private async attempt(feedId: number, runId: number, timezone: string, attempt: number): Promise<void> {
    const feed = await loadFeed(this.db, feedId);
    if (!feed) return; // deleted meanwhile (its runs with it)
    const hand = { runId, cutOff: false };
    this.inHand = hand;
    try {
      const delivered = await buildAndDeliver(this.db, feed, this.settings, this.now(), timezone);
      await this.record(
        runId,
        {
          outcome: 'SUCCESS',
          attempts: attempt,
          finished_at: this.now(),
          bytes: delivered.bytes,
          rows: delivered.rows,
          error: null,
          error_detail: null,
        },
        async (records) => {
          await records.update('feed', feedId, {
            last_upload: this.now(),
            ...(delivered.hostKey && feed.sftp_host_key === null && { sftp_host_key: delivered.hostKey }),
          });
        },
      );
    } catch (error) {
      // Given up by stop(): its failure is recorded, and no retry follows.
      if (hand.cutOff) return;
      const failure = failureOf(error);
      if (!(error instanceof Error && 'code' in error)) console.error(`feed ${feedId} run ${runId} failed`, error);
      const wait = this.retryDelaysMs[attempt - 1];
      await this.record(runId, {
        attempts: attempt,
        error: failure.code,
        error_detail: failure.detail.slice(0, 500),
        ...(wait === undefined ? { outcome: 'FAILED', finished_at: this.now() } : { retry_at: this.now() + wait }),
      });
    } finally {
      if (this.inHand === hand) this.inHand = undefined;
    }
  }

  private async record(runId: number, values: Record<string, unknown>, more?: (records: Records) => Promise<void>): Promise<void> {
    try {
      await schedulerTransaction(this.db, async (records) => {
        await records.update('feed_run', runId, values);
        await more?.(records);
      });
    } catch (error) {
      // The feed was deleted during its run: nothing is left to record.
      if (!(error instanceof DomainError && error.kind === 'not_found')) throw error;
    }
  }
}
