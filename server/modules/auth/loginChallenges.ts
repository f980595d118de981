import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * A sign-in half done (docs/backoffice.md "Two-factor sign-in"): the password was right, and a
 * code or a new password is still owed. The client holds a random token in an HttpOnly cookie;
 * the row its SHA-256. Five minutes, one at a time per client (a new one replaces the cookie).
 * The password step alone yields no session: only completing the challenge does.
 */
export const CHALLENGE_COOKIE = 'hub_challenge';
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

export type ChallengeStage = 'code' | 'new_password';

const idOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function startChallenge(db: Knex, userId: number, stage: ChallengeStage, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db('login_challenges').insert({ id: idOf(token), user_id: userId, stage, expires_at: now + CHALLENGE_LIFETIME_MS });
  return token;
}

/** The user of a live challenge at `stage`, or undefined (unknown, expired, or at another stage). */
export async function challengeUser(db: Knex, token: string | undefined, stage: ChallengeStage, now: number): Promise<number | undefined> {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const row = await db('login_challenges')
    .where({ id: idOf(token), stage })
    .where('expires_at', '>', now)
    .first('user_id');
  return row ? Number(row.user_id) : undefined;
}

export async function endChallenge(db: Knex, token: string): Promise<void> {
  await db('login_challenges').where('id', idOf(token)).delete();
}

/**
 * Accepts a TOTP time step once (RFC 6238 §5.2: a code is not accepted twice): a compare-and-set
 * on the authenticator's last step, so two requests with one code side by side let one through.
 */
export async function claimTimeStep(db: Knex, totpId: number, step: number): Promise<boolean> {
  const changed = await db('user_totps')
    .where('id', totpId)
    .where((query) => query.whereNull('last_step').orWhere('last_step', '<', step))
    .update({ last_step: step });
  return Number(changed) === 1;
}

/** Uses up a recovery code of the user: true when it was theirs and unused (it is gone after). */
export async function useRecoveryCode(db: Knex, userId: number, codeHash: string): Promise<boolean> {
  const removed = await db('user_recovery_codes').where({ user_id: userId, code_hash: codeHash }).delete();
  return Number(removed) === 1;
}
