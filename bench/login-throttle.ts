/**
 * Sign-in throttling under a lock-out attempt (server/modules/auth/loginThrottle.ts): a guesser
 * tries as fast as the throttle lets it for a simulated day, while the account's owner signs in
 * every half hour from the browser it always uses, and once from a browser it never used. The
 * throttle's own code runs against a real database (SQLite, or BENCH_DATABASE_URL); only the clock
 * is simulated, so a day takes seconds. Every password check is taken as one second of the
 * guesser's time (scrypt at OWASP's cost, two at a time).
 *
 *   npx tsx bench/login-throttle.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/login-throttle.ts
 */
import type { Knex } from 'knex';
import { HttpProblem } from '../server/http/problem';
import { forgetClientFailures, reserveAttempt, type Attempt } from '../server/modules/auth/loginThrottle';
import { createTestDatabase } from '../server/testing/testDatabase';

if (process.env['BENCH_DATABASE_URL']) process.env['TEST_DATABASE_URL'] = process.env['BENCH_DATABASE_URL'];

const ACCOUNT = 'owner@example.com';
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const CHECK_MS = 1000;

interface Outcome {
  guesses: number[];
  ownerRefused: number;
  ownerTries: number;
  strangerWaitS: number;
}

/** Milliseconds to wait when refused, else null (and the failure stays recorded, as a wrong password's would). */
async function attempt(db: Knex, attempt: Attempt, succeeds: boolean): Promise<number | null> {
  try {
    const reservation = await reserveAttempt(db, attempt);
    if (succeeds) await forgetClientFailures(db, attempt, reservation);
    return null;
  } catch (error) {
    if (error instanceof HttpProblem && error.status === 429) return (error.retryAfterSeconds ?? 1) * 1000;
    throw error;
  }
}

/** One simulated day of a guesser on one account, from one address or a new address per guess. */
async function lockOutAttempt(db: Knex, addresses: 'one' | 'many'): Promise<Outcome> {
  await db('login_failures').delete();
  const start = Date.parse('2026-11-25T00:00:00Z');
  const guesses: number[] = [];
  let now = start;
  let nextOwner = start;
  let ownerRefused = 0;
  let ownerTries = 0;
  let guess = 0;
  while (now < start + DAY) {
    if (now >= nextOwner) {
      ownerTries++;
      // The owner's own browser: its device cookie names it.
      if ((await attempt(db, { email: ACCOUNT, ip: '203.0.113.5', device: 'owner-laptop-device-id1', now }, true)) !== null) ownerRefused++;
      nextOwner += HOUR / 2;
    }
    const ip = addresses === 'one' ? '198.51.100.66' : `10.${(guess >> 16) & 255}.${(guess >> 8) & 255}.${guess & 255}`;
    const wait = await attempt(db, { email: ACCOUNT, ip, device: null, now }, false);
    if (wait === null) {
      guesses.push(now - start);
      guess++;
      now += CHECK_MS;
    } else {
      now += wait;
    }
  }
  // The owner on a browser it never used, from home, just after the guesser's last guess.
  const afterLast = start + (guesses.at(-1) ?? 0) + CHECK_MS;
  const stranger = await attempt(db, { email: ACCOUNT, ip: '203.0.113.5', device: null, now: afterLast }, true);
  return { guesses, ownerRefused, ownerTries, strangerWaitS: stranger === null ? 0 : stranger / 1000 };
}

/** One address spraying many accounts (or an office behind one address): guesses in a day. */
async function spray(db: Knex): Promise<number> {
  await db('login_failures').delete();
  const start = Date.parse('2026-11-26T00:00:00Z');
  let now = start;
  let guesses = 0;
  let account = 0;
  while (now < start + DAY) {
    const wait = await attempt(db, { email: `user${account++ % 500}@example.com`, ip: '192.0.2.10', device: null, now }, false);
    if (wait === null) {
      guesses++;
      now += CHECK_MS;
    } else now += wait;
  }
  return guesses;
}

const database = await createTestDatabase({ demo: false });
try {
  const within = (times: number[], limit: number) => times.filter((time) => time < limit).length;
  for (const addresses of ['one', 'many'] as const) {
    const outcome = await lockOutAttempt(database.db, addresses);
    console.log(
      `${database.kind}, guesser on ${addresses === 'one' ? 'one address' : 'a new address each guess'}: ` +
        `${within(outcome.guesses, 60_000)} guesses in the first minute, ${within(outcome.guesses, HOUR)} in the first hour, ${outcome.guesses.length} in a day; ` +
        `the owner's own browser refused ${outcome.ownerRefused} of ${outcome.ownerTries} sign-ins; ` +
        `a browser the owner never used waits ${outcome.strangerWaitS} s`,
    );
  }
  console.log(`${database.kind}, one address spraying 500 accounts: ${await spray(database.db)} guesses in a day`);
} finally {
  await database.drop();
}
