import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { loadSessionUser } from './loadSessionUser';
import type { SessionUser } from './sessionUser';

export { SESSION_COOKIE } from '../../http/security';
/** Sliding expiry is written at most this often, so reads do not all become writes. */
const TOUCH_INTERVAL_MS = 30_000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session with a fresh id and returns the cookie value (only its hash is stored). */
export async function startSession(db: Knex, user: { id: number; timeout: number }, now: number, realUserId: number | null = null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db('sessions').insert({
    id: digest(token),
    user_id: user.id,
    real_user_id: realUserId,
    created_at: now,
    last_seen_at: now,
    expires_at: now + user.timeout * 1000,
  });
  return token;
}

export async function endSession(db: Knex, token: string): Promise<void> {
  await db('sessions').where('id', digest(token)).delete();
}

/** The user of a live session, extending it; undefined (and the row removed) once idle too long. */
export async function resumeSession(db: Knex, token: string, now: number): Promise<SessionUser | undefined> {
  const id = digest(token);
  const session = await db('sessions').where('id', id).first();
  if (!session) return undefined;
  if (Number(session.expires_at) <= now) {
    await db('sessions').where('id', id).delete();
    return undefined;
  }
  const user = await loadSessionUser(db, Number(session.user_id), session.real_user_id === null ? null : Number(session.real_user_id));
  if (!user) {
    await db('sessions').where('id', id).delete();
    return undefined;
  }
  if (now - Number(session.last_seen_at) >= TOUCH_INTERVAL_MS) {
    await db('sessions').where('id', id).update({ last_seen_at: now, expires_at: now + user.timeout * 1000 });
  }
  return user;
}

/** The administrator behind a live emulated session, or null for an ordinary, expired or unknown one. */
export async function emulatingAdministrator(db: Knex, token: string): Promise<number | null> {
  const session = await db('sessions').where('id', digest(token)).where('expires_at', '>', Date.now()).first('real_user_id');
  return session && session.real_user_id !== null ? Number(session.real_user_id) : null;
}

/** Housekeeping: expired sessions and old login failures. */
export async function purgeExpired(db: Knex, now: number): Promise<void> {
  await db('sessions').where('expires_at', '<=', now).delete();
  await db('login_failures').where('at', '<', now - 24 * 3600_000).delete();
}
