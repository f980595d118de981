import { DomainError } from '../../domain/errors';
import type { Knex } from 'knex';
import { holdKey } from '../../db/keyLock';

/**
 * Sign-in throttling after OWASP's Authentication and Credential Stuffing cheat sheets and its
 * "device cookies" scheme (docs/architecture.md, Sign-in). Failures are counted per key within a
 * window; past a key's free allowance each further attempt waits twice as long as the last
 * (15 s, 30 s, 1 min … at most 15 minutes) instead of being locked out:
 *
 * - a client holding a device cookie for the account (it signed in there before) is judged on its
 *   own failures only, so nobody elsewhere can keep the owner out;
 * - any other client on the failures of the account from its address, of the account from every
 *   address without a device cookie (a guesser spread over many addresses), and of its address
 *   on every account (one address spraying many).
 */
/** A day: shorter, and a patient guesser's old failures would fall out and buy fresh free tries. */
export const THROTTLE_WINDOW_MS = 24 * 3600_000;
export const FREE_FAILURES_PER_DEVICE = 5;
export const FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
export const FREE_FAILURES_PER_ACCOUNT = 20;
export const FREE_FAILURES_PER_ADDRESS = 20;
const FIRST_DELAY_MS = 15_000;
export const MAX_DELAY_MS = 15 * 60_000;

export interface Attempt {
  email: string;
  ip: string;
  /** The device cookie's id, when the client holds a valid one for this account. */
  device: string | null;
  now: number;
}

/** How long after the latest of `failures` failures the next attempt must wait. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - free), MAX_DELAY_MS);
}

interface Key {
  free: number;
  where: (query: Knex.QueryBuilder) => Knex.QueryBuilder;
}

function keysOf(attempt: Attempt): Key[] {
  if (attempt.device)
    return [{ free: FREE_FAILURES_PER_DEVICE, where: (query) => query.where({ email_address: attempt.email, device: attempt.device }) }];
  return [
    {
      free: FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS,
      where: (query) => query.where({ email_address: attempt.email, ip_address: attempt.ip }).whereNull('device'),
    },
    { free: FREE_FAILURES_PER_ACCOUNT, where: (query) => query.where('email_address', attempt.email).whereNull('device') },
    { free: FREE_FAILURES_PER_ADDRESS, where: (query) => query.where('ip_address', attempt.ip).whereNull('device') },
  ];
}

/** Milliseconds the attempt must still wait for one key: its earlier failures and the latest of them. */
async function waitFor(db: Knex, key: Key, attempt: Attempt, reservation: number): Promise<number> {
  const earlier = key
    .where(db('login_failures'))
    .where('at', '>', attempt.now - THROTTLE_WINDOW_MS)
    .where('id', '<', reservation);
  const row = (await earlier.count({ n: '*' }).max({ latest: 'at' }).first()) as { n: unknown; latest: unknown } | undefined;
  const failures = Number(row?.n ?? 0);
  const delay = delayAfter(failures, key.free);
  return delay === 0 ? 0 : Math.max(0, Number(row?.latest ?? 0) + delay - attempt.now);
}

/**
 * Reserves a failure before the password is checked, so that attempts running side by side each
 * count (the k-th concurrent attempt sees the k−1 reserved before it): checking first and
 * recording after would let a burst through. Too early for any of its keys, the reservation is
 * rolled back and the attempt refused with the wait as Retry-After. The counts live in the
 * database, shared by every server process. Returns the reservation's id.
 *
 * The reservation and its counts run in one transaction that holds the attempt's keys (holdKey):
 * on PostgreSQL an id is drawn from its sequence before its row commits, so without them an
 * attempt could count while one with a smaller id was not yet visible, and slip past it. The
 * account's key comes before the address's, always.
 */
export async function reserveAttempt(db: Knex, attempt: Attempt): Promise<number> {
  return db.transaction(async (trx) => {
    for (const key of heldKeysOf(attempt)) await holdKey(trx, key);
    const [inserted] = (await trx('login_failures')
      .insert({ email_address: attempt.email, ip_address: attempt.ip, device: attempt.device, at: attempt.now })
      .returning('id')) as ({ id: number } | number)[];
    const id = typeof inserted === 'object' ? inserted.id : Number(inserted);
    const waits = await Promise.all(keysOf(attempt).map((key) => waitFor(trx, key, attempt, id)));
    const wait = Math.max(...waits);
    if (wait > 0) throw new DomainError('rate_limited', 'login_rate_limited', { retryAfterSeconds: wait / 1000 });
    return id;
  });
}

/** The keys an attempt's counts need: its account's, then (without a device cookie) its address's. */
function heldKeysOf(attempt: Attempt): string[] {
  const account = `login_failures account ${attempt.email}`;
  return attempt.device ? [account] : [account, `login_failures address ${attempt.ip}`];
}

export async function withdrawAttempt(db: Knex, reservation: number): Promise<void> {
  await db('login_failures').where('id', reservation).delete();
}

/**
 * A successful sign-in forgets its own reservation and the failures of its own client: its
 * device's, or those made without a device cookie from its address. Failures others made on the
 * account stay counted, so a guesser gains nothing from the owner signing in.
 */
export async function forgetClientFailures(db: Knex, attempt: Attempt, reservation: number): Promise<void> {
  await withdrawAttempt(db, reservation);
  const own = db('login_failures').where('email_address', attempt.email);
  if (attempt.device) await own.where('device', attempt.device).delete();
  else await own.where('ip_address', attempt.ip).whereNull('device').delete();
}
