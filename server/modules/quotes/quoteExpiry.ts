import type { Knex } from 'knex';
import { inTransaction, SYSTEM_ACTOR } from '../../writes/records';
import { todayOf } from './quoteActions';
import { notifyRecipients } from './quoteMail';
import { quoteRecord } from './quoteTotals';

const DAY = 24 * 3600_000;

export interface ExpiryOptions {
  /** How many days before its expiry date a PUBLISHED quote's recipients are warned (QUOTE_EXPIRY_WARNING_DAYS). */
  warningDays: number;
}

export interface ExpiryRun {
  expired: number[];
  warned: number[];
  /** Quotes whose expiry or warning failed this pass (their transaction rolled back), with the error: the next pass tries them again. */
  failed: { id: number; error: unknown }[];
}

/**
 * One pass of the expiry job (docs/quotes.md "Expiry"): every PUBLISHED quote past its expiry
 * date becomes EXPIRED (audited as EXPIRE), and every PUBLISHED quote expiring within the
 * warning days tells its recipients once (quote_expiry_warning). Each change is a compare-and-set
 * in its own transaction, so processes running the job over one database at the same moment
 * move each quote once and send each warning once: the database, not a process's memory, decides.
 * A quote whose transaction fails is left as it was and reported in `failed`; the pass goes on, so
 * one quote that cannot be moved keeps no other from expiring or being warned of.
 */
export async function runQuoteExpiry(db: Knex, now: number, options: ExpiryOptions): Promise<ExpiryRun> {
  const today = todayOf(now);
  const run: ExpiryRun = { expired: [], warned: [], failed: [] };
  /** `step` for the quote `id` (done when it answers something), its failure recorded in the run instead of ending the pass. */
  const each = async (id: number, step: () => Promise<unknown>, done: number[]) => {
    try {
      if (await step()) done.push(id);
    } catch (error) {
      run.failed.push({ id, error });
    }
  };
  const expire = (id: number) =>
    inTransaction(db, SYSTEM_ACTOR, (records) =>
      records.updateIf('quote', id, { quote_status: 'PUBLISHED' }, { quote_status: 'EXPIRED' }, { action: 'EXPIRE' }),
    );
  const warn = (id: number) =>
    inTransaction(db, SYSTEM_ACTOR, async (records) => {
      const claimed = await records.updateIf(
        'quote',
        id,
        { quote_status: 'PUBLISHED', expiry_warning_sent_at: null },
        { expiry_warning_sent_at: new Date(now).toISOString() },
      );
      if (!claimed) return false;
      // Queued in the claim's transaction: the warning and its mark commit together or not at all.
      await notifyRecipients(records, await quoteRecord(records.db, id), 'quote_expiry_warning');
      return true;
    });

  const due = (await db('quotes').where('quote_status', 'PUBLISHED').where('expiry_date', '<', today).orderBy('id').pluck('id')).map(
    Number,
  );
  for (const id of due) await each(id, () => expire(id), run.expired);
  const horizon = todayOf(now + Math.max(0, options.warningDays) * DAY);
  const soon = (
    await db('quotes')
      .where('quote_status', 'PUBLISHED')
      .whereNull('expiry_warning_sent_at')
      .where('expiry_date', '>=', today)
      .where('expiry_date', '<=', horizon)
      .orderBy('id')
      .pluck('id')
  ).map(Number);
  for (const id of soon) await each(id, () => warn(id), run.warned);
  return run;
}

/** How long to wait for the next pass: the interval, or less when a UTC day (the granularity of expiry dates) starts sooner. */
export function nextPassDelay(now: number, intervalMs: number): number {
  const midnight = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate() + 1);
  // A second past midnight, so the new day's date is the one compared.
  return Math.max(1_000, Math.min(intervalMs, midnight - now + 1_000));
}

/**
 * Runs the expiry pass now, then every `intervalMs` (hourly by default) and just after each UTC
 * midnight, until stopped: a quote stops being PUBLISHED within seconds of its last day (the
 * views' Accept and Void follow its status; the server refuses them past the date anyway). After a
 * pass that queued e-mails it kicks the outbox. A pass still running when stop() is called is
 * awaited.
 */
export class QuoteExpiryJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Knex,
    private readonly options: ExpiryOptions & {
      intervalMs?: number;
      now?: () => number;
      afterRun?: (run: ExpiryRun) => void;
      /** A pass that failed (`quoteId` unset), or one quote of a pass; logged when not given. */
      onError?: (error: unknown, quoteId?: number) => void;
    },
  ) {}

  start(): void {
    this.stopped = false;
    void this.tick();
  }

  /** One pass (what the timer runs), answered for tests and the CLI. */
  async runOnce(): Promise<ExpiryRun> {
    const run = await runQuoteExpiry(this.db, (this.options.now ?? Date.now)(), this.options);
    for (const { id, error } of run.failed) this.report(error, id);
    this.options.afterRun?.(run);
    return run;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  private report(error: unknown, quoteId?: number): void {
    if (this.options.onError) this.options.onError(error, quoteId);
    else console.error(quoteId === undefined ? 'quote expiry failed' : `quote expiry failed for quote ${quoteId}`, error);
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    this.running = this.runOnce().catch((error: unknown) => this.report(error));
    await this.running;
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), nextPassDelay((this.options.now ?? Date.now)(), this.options.intervalMs ?? 3600_000));
    this.timer.unref();
  }
}
