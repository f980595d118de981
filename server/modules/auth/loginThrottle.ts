import type { Knex } from 'knex';
import { HttpProblem } from '../../http/problem';

/** Failed sign-ins allowed per window, per e-mail address and per client address. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

/**
 * Reserves a failure before the password is checked, so that attempts running side by side each
 * count (the k-th concurrent attempt sees at least k rows): checking first and recording after
 * would let a burst through. Over the limit, the reservation is withdrawn and the attempt refused;
 * the count lives in the database, shared by every server process. Returns the reservation's id.
 */
export async function reserveAttempt(db: Knex, email: string, ip: string, now: number): Promise<number> {
  const [inserted] = (await db('login_failures').insert({ email_address: email, ip_address: ip, at: now }).returning('id')) as ({ id: number } | number)[];
  const id = typeof inserted === 'object' ? inserted.id : Number(inserted);
  const since = now - LOGIN_WINDOW_MS;
  const count = async (column: string, value: string) =>
    Number((await db('login_failures').where(column, value).where('at', '>', since).count({ n: '*' }).first())?.n ?? 0);
  if ((await count('email_address', email)) > MAX_FAILURES_PER_EMAIL || (await count('ip_address', ip)) > MAX_FAILURES_PER_IP) {
    await withdrawAttempt(db, id);
    throw new HttpProblem(429, 'login_rate_limited', {}, LOGIN_WINDOW_MS / 1000);
  }
  return id;
}

export async function withdrawAttempt(db: Knex, reservation: number): Promise<void> {
  await db('login_failures').where('id', reservation).delete();
}

/** A successful sign-in forgets the address's failures, its own reservation included. */
export async function clearFailures(db: Knex, email: string): Promise<void> {
  await db('login_failures').where('email_address', email).delete();
}
