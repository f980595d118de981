import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { BatchedReader } from '../../db/batchedReader';
import { ACCESS_VERSION } from '../../writes/dataVersions';
import { cachedSessionUser } from './sessionUserCache';
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

interface SessionRow {
  user_id: number;
  real_user_id: number | null;
  expires_at: number;
  last_seen_at: number;
  /** The `access` data version committed when the row was read (sessionUserCache.ts). */
  access_version: number;
}

/**
 * Session rows with the committed `access` data version, read in batches: a request's read
 * begins after it arrived (batchedReader.ts), so the user cached under that version is no older
 * than the last write before the request, and a signed-out or expired session ends at once.
 * Concurrent requests share one query.
 */
function sessionReader(db: Knex): BatchedReader<string, SessionRow> {
  let reader = readers.get(db);
  if (!reader) {
    reader = new BatchedReader(async (ids) => {
      const rows = (await db('sessions as s')
        .leftJoin('data_versions as dv', 'dv.name', db.raw('?', [ACCESS_VERSION]))
        .whereIn('s.id', ids)
        .select('s.id', 's.user_id', 's.real_user_id', 's.expires_at', 's.last_seen_at', 'dv.version as access_version')) as (Omit<SessionRow, 'access_version'> & { id: string; access_version: number | string | null })[];
      return new Map(rows.map(({ id, ...row }) => [id, { ...row, access_version: Number(row.access_version ?? 0) }]));
    });
    readers.set(db, reader);
  }
  return reader;
}
const readers = new WeakMap<Knex, BatchedReader<string, SessionRow>>();

/** Sessions whose sliding expiry is being written now: concurrent requests of one session write it once. */
const touching = new Set<string>();

async function touch(db: Knex, id: string, now: number, timeout: number): Promise<void> {
  if (touching.has(id)) return;
  touching.add(id);
  try {
    await db('sessions').where('id', id).update({ last_seen_at: now, expires_at: now + timeout * 1000 });
  } finally {
    touching.delete(id);
  }
}

/** The user of a live session, extending it; undefined (and the row removed) once idle too long. */
export async function resumeSession(db: Knex, token: string, now: number): Promise<SessionUser | undefined> {
  const id = digest(token);
  const session = await sessionReader(db).read(id);
  if (!session) return undefined;
  if (Number(session.expires_at) <= now) {
    await db('sessions').where('id', id).delete();
    return undefined;
  }
  const realUserId = session.real_user_id === null ? null : Number(session.real_user_id);
  const user = await cachedSessionUser(db, Number(session.user_id), realUserId, session.access_version);
  if (!user) {
    await db('sessions').where('id', id).delete();
    return undefined;
  }
  if (now - Number(session.last_seen_at) >= TOUCH_INTERVAL_MS) {
    await touch(db, id, now, user.timeout);
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
