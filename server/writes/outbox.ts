import type { Knex } from 'knex';
import type { Records } from './records';

/** Delivers one message's payload (sends the e-mail, calls the service); throws to be retried. */
export type OutboxHandler = (payload: unknown) => Promise<void>;

/**
 * Queues a message that must leave the process, in the transaction of the change it reports: it
 * exists exactly when the change committed, and is delivered after (OutboxDispatcher).
 */
export function enqueue(records: Records, topic: string, payload: unknown): Promise<void> {
  return enqueueAll(records, topic, [payload]);
}

/**
 * Queues several messages of one topic as enqueue does each, in one statement (a notice to every
 * subscriber). Nothing in the transaction reads its messages back: on PostgreSQL they are written
 * as it settles, in its settling statement (Records.insertOnSettle).
 */
export async function enqueueAll(records: Records, topic: string, payloads: readonly unknown[]): Promise<void> {
  const now = records.now().getTime();
  await records.insertOnSettle(
    'outbox_message',
    payloads.map((payload) => ({ topic, payload: JSON.stringify(payload), created_at: now, available_at: now })),
  );
}

export interface OutboxOptions {
  /** How often due messages are looked for besides the kicks after commits. */
  pollMs?: number;
  /** How long a claimed message is left to its claimer before another process may try it. */
  leaseMs?: number;
  /** After this many failed attempts a message stays undelivered, its last error kept. */
  maxAttempts?: number;
  now?: () => number;
}

interface MessageRow {
  id: number;
  topic: string;
  payload: string;
  available_at: number | string;
  attempts: number | string;
}

/**
 * Delivers queued messages after their transactions commit: kicked by the router after each
 * write and polling for retries. Several processes may share the table: a message is claimed by
 * moving its available_at forward only if no one else has (a compare-and-set), so each message is
 * delivered by one of them at a time. Failures back off exponentially, up to maxAttempts.
 */
export class OutboxDispatcher {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Knex,
    private readonly handlers: Readonly<Record<string, OutboxHandler>>,
    options: OutboxOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 30_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.timer ??= setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Delivers what is due soon, without waiting; a kick during a pass runs one more pass. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverDue()
      .catch((error: unknown) => {
        console.error('outbox delivery failed', error);
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** One pass over the due messages; answers how many were delivered. */
  async deliverDue(): Promise<number> {
    const now = this.now();
    const topics = Object.keys(this.handlers);
    if (topics.length === 0) return 0;
    // A topic without a handler here (e-mail with no SMTP server configured) waits for a process that has one.
    const due = (await this.db('outbox_messages')
      .whereIn('topic', topics)
      .whereNull('delivered_at')
      .where('available_at', '<=', now)
      .where('attempts', '<', this.maxAttempts)
      .orderBy('id')
      .limit(50)) as MessageRow[];
    let delivered = 0;
    for (const message of due) {
      if (await this.claim(message, now)) delivered += (await this.deliver(message)) ? 1 : 0;
    }
    return delivered;
  }

  private async claim(message: MessageRow, now: number): Promise<boolean> {
    const claimed = await this.db('outbox_messages')
      .where({ id: message.id, available_at: message.available_at })
      .whereNull('delivered_at')
      .update({ available_at: now + this.leaseMs, attempts: Number(message.attempts) + 1 });
    return claimed === 1;
  }

  private async deliver(message: MessageRow): Promise<boolean> {
    const handler = this.handlers[message.topic]!;
    try {
      await handler(JSON.parse(message.payload) as unknown);
      await this.db('outbox_messages').where('id', message.id).update({ delivered_at: this.now(), last_error: null });
      return true;
    } catch (error) {
      const attempts = Number(message.attempts) + 1;
      const backoff = Math.min(3600_000, 1000 * 2 ** attempts);
      await this.db('outbox_messages')
        .where('id', message.id)
        .update({ available_at: this.now() + backoff, last_error: String(error instanceof Error ? error.message : error).slice(0, 1000) });
      return false;
    }
  }
}
