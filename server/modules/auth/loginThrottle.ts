import type { Knex } from 'knex';
import { HttpProblem } from '../../http/problem';

/** Failed sign-ins allowed per window, per e-mail address and per client address. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

/** Refuses a sign-in attempt while too many recent ones failed (the count is in the database, shared by all processes). */
export async function assertNotThrottled(db: Knex, email: string, ip: string, now: number): Promise<void> {
  const since = now - LOGIN_WINDOW_MS;
  const count = async (column: string, value: string) =>
    Number((await db('login_failures').where(column, value).where('at', '>', since).count({ n: '*' }).first())?.n ?? 0);
  if ((await count('email_address', email)) >= MAX_FAILURES_PER_EMAIL || (await count('ip_address', ip)) >= MAX_FAILURES_PER_IP) {
    throw new HttpProblem(429, 'login_rate_limited');
  }
}

export async function recordFailure(db: Knex, email: string, ip: string, now: number): Promise<void> {
  await db('login_failures').insert({ email_address: email, ip_address: ip, at: now });
}

export async function clearFailures(db: Knex, email: string): Promise<void> {
  await db('login_failures').where('email_address', email).delete();
}
