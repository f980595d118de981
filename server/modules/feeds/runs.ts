import type { Knex } from 'knex';
import { DomainError } from '../../domain/errors';
import { inTransaction, SYSTEM_ACTOR } from '../../writes/records';
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
] as const;

export interface SchedulerOptions {
  settings?: FeedSettings;
  /** How often due slots are looked for (default a minute: a slot starts within a minute of its time). */
  pollMs?: number;
  /** The waits before each retry of a failed run; after the last, it gives up until the next slot. */
  retryDelaysMs?: readonly number[];
  now?: () => number;
}

/** What a wait answers when the scheduler stopped before it ended. */
const STOPPED = Symbol('stopped');

const isDuplicate = (error: unknown) => error instanceof DomainError && error.code === 'duplicate_value';
const isBusy = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

/** A write tried again while SQLite says another process holds the database (see claim). */
async function whenNotBusy<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isBusy(error) || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/**
 * Runs each active feed once at its time slot every day, in its organisation's timezone
 * (docs/feeds.md). Several processes may share the database: a run is claimed by inserting its
 * (feed, slot) row through the write path, which the unique index lets only one of them do, so
 * each slot is delivered exactly once. Each pass looks only at the latest slot of each feed, so a
 * process that was down catches up once, not once per missed day. A failed delivery is retried
 * after each of retryDelaysMs, then given up until the next slot; a run waiting for its retry
 * holds up no other feed (the pass goes on). Deliveries run one at a time, off the request path,
 * reading the catalogue a page at a time.
 */
export class FeedScheduler {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | undefined;
  private stopping = false;
  /** The runs that failed and wait for a retry, each until it ends (docs/feeds.md "Retries"). */
  private readonly retrying = new Set<Promise<void>>();
  /** Called by stop(): each ends a wait (for a retry, or for a turn) at once. */
  private readonly onStop = new Set<() => void>();
  /** The delivery in hand: a pass's and the retries' deliveries take turns on it. */
  private turn: Promise<unknown> = Promise.resolve();
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
   * Stops looking for slots and ends every wait, for a retry or for a turn (those runs are recorded
   * as failed); waits for the delivery in hand at most `graceMs`, so a slow server cannot hold up
   * a shutdown (a run cut off stays RUNNING, its slot taken: docs/feeds.md).
   */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    for (const stopWaiting of this.onStop) stopWaiting();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ended = Promise.all([this.running, ...this.retrying]);
    await Promise.race([ended, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
  }

  /** Resolves once no run waits for a retry or is being retried (tests; a pass does not wait for retries). */
  async settled(): Promise<void> {
    while (this.retrying.size > 0) await Promise.all(this.retrying);
  }

  /** Starts a pass unless one is under way. */
  kick(): void {
    if (this.running || this.stopping) return;
    this.running = this.pass()
      .then(() => undefined)
      .catch((error: unknown) => console.error('feed schedule pass failed', error))
      .finally(() => (this.running = undefined));
  }

  /** One pass: claims and runs every feed whose latest slot has no run yet. Answers the runs it made. */
  async pass(): Promise<number> {
    const feeds = (await this.db('feeds')
      .where('active', true)
      .whereNotNull('timeslot')
      .orderBy('id')
      .select('id', 'timeslot', 'organisation_id')) as { id: number; timeslot: number; organisation_id: number }[];
    const zones = new Map<number, Promise<string>>();
    let ran = 0;
    for (const feed of feeds) {
      if (this.stopping) break;
      const organisation = Number(feed.organisation_id);
      if (!zones.has(organisation)) zones.set(organisation, organisationTimezone(this.db, organisation));
      const slot = latestSlot(this.now(), Number(feed.timeslot), await zones.get(organisation)!);
      if (await this.db('feed_runs').where({ feed_id: feed.id, slot }).first('id')) continue;
      const runId: number | undefined = await this.claim(Number(feed.id), slot);
      if (runId === undefined) continue;
      ran++;
      const timezone = await zones.get(organisation)!;
      if ((await this.attemptInTurn(Number(feed.id), runId, timezone, 1)) === 'again')
        this.keep(this.retry(Number(feed.id), runId, timezone));
    }
    return ran;
  }

  /**
   * The (feed, slot) row inserted, or undefined when another process inserted it first. SQLite
   * answers a second process's write that began as a read with SQLITE_BUSY at once (it cannot wait
   * without deadlocking): the claim is tried again, and then meets the other's row.
   */
  private async claim(feedId: number, slot: number): Promise<number | undefined> {
    try {
      return await whenNotBusy(() =>
        inTransaction(this.db, SYSTEM_ACTOR, (records) =>
          records.insert('feed_run', { feed: feedId, kind: 'SCHEDULED', slot, started_at: this.now(), outcome: 'RUNNING', attempts: 0 }),
        ),
      );
    } catch (error) {
      if (isDuplicate(error)) return undefined;
      throw error;
    }
  }

  /**
   * One delivery of the run's feed, its outcome recorded: 'again' when it failed and a retry is
   * left (the run stays RUNNING with its attempts and why), 'done' when it ended either way.
   */
  private async attempt(feedId: number, runId: number, timezone: string, attempt: number): Promise<'again' | 'done'> {
    const feed = await loadFeed(this.db, feedId);
    if (!feed) return 'done'; // deleted meanwhile (its runs with it)
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
      return 'done';
    } catch (error) {
      const failure = failureOf(error);
      if (!(error instanceof Error && 'code' in error)) console.error(`feed ${feedId} run ${runId} failed`, error);
      const last = attempt > this.retryDelaysMs.length || this.stopping;
      await this.record(runId, {
        attempts: attempt,
        error: failure.code,
        error_detail: failure.detail.slice(0, 500),
        ...(last && { outcome: 'FAILED', finished_at: this.now() }),
      });
      return last ? 'done' : 'again';
    }
  }

  /** The retries of a run whose first attempt failed, each after its wait; stopping records it FAILED. */
  private async retry(feedId: number, runId: number, timezone: string): Promise<void> {
    for (let attempt = 2; ; attempt++) {
      await this.pause(this.retryDelaysMs[attempt - 2]!);
      if ((await this.attemptInTurn(feedId, runId, timezone, attempt)) === 'done') return;
    }
  }

  /**
   * One attempt, once the delivery before it has ended (a retry may be in hand while a pass waits,
   * and the other way round); or, when the scheduler stops first, the run given up at once, never
   * tried (docs/feeds.md "Stopping"). Whichever of its turn and the stop comes first decides,
   * synchronously: tried or given up.
   */
  private async attemptInTurn(feedId: number, runId: number, timezone: string, attempt: number): Promise<'again' | 'done'> {
    let state: 'queued' | 'tried' | 'given up' = 'queued';
    const giveUp = async (): Promise<'done'> => {
      state = 'given up';
      await this.record(runId, { outcome: 'FAILED', finished_at: this.now() });
      return 'done';
    };
    const tried = this.inTurn(async () => {
      if (state !== 'queued') return 'done';
      if (this.stopping) return giveUp();
      state = 'tried';
      return this.attempt(feedId, runId, timezone, attempt);
    });
    const first = await this.untilStop(tried);
    if (first !== STOPPED) return first;
    return state === 'queued' ? giveUp() : tried;
  }

  /** Keeps a run's retries among those stop() and settled() wait for, until they end. */
  private keep(retries: Promise<void>): void {
    const kept: Promise<void> = retries
      .catch((error: unknown) => console.error('feed retry failed', error))
      .finally(() => this.retrying.delete(kept));
    this.retrying.add(kept);
  }

  /** Waits `ms`, or less when the scheduler stops first. */
  private async pause(ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await this.untilStop(new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))));
    clearTimeout(timer);
  }

  /** What `wait` answers, or STOPPED as soon as the scheduler stops (at once if it has). */
  private untilStop<T>(wait: Promise<T>): Promise<T | typeof STOPPED> {
    if (this.stopping) return Promise.resolve(STOPPED);
    return new Promise((resolve, reject) => {
      const stopWaiting = () => resolve(STOPPED);
      this.onStop.add(stopWaiting);
      wait.then(resolve, reject).finally(() => this.onStop.delete(stopWaiting));
    });
  }

  /** Runs `work` once the delivery before it has ended: one delivery at a time. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const result = this.turn.then(work);
    this.turn = result.catch(() => undefined);
    return result;
  }

  private async record(
    runId: number,
    values: Record<string, unknown>,
    more?: (records: import('../../writes/records').Records) => Promise<void>,
  ): Promise<void> {
    try {
      await whenNotBusy(() =>
        inTransaction(this.db, SYSTEM_ACTOR, async (records) => {
          await records.update('feed_run', runId, values);
          await more?.(records);
        }),
      );
    } catch (error) {
      // The feed was deleted during its run: nothing is left to record.
      if (!(error instanceof DomainError && error.kind === 'not_found')) throw error;
    }
  }
}
