import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { BatchedReader } from '../../db/batchedReader';
import { preparedRead, type PreparedSql } from '../../db/preparedRead';
import { sessionIdOf } from '../../http/security';
import { ACCESS_VERSION, CommittedVersions } from '../../writes/dataVersions';
import { cachedSessionUser } from './sessionUserCache';
import type { SessionUser } from './sessionUser';
import { onPostgres } from '../../db/dialect';

export { SESSION_COOKIE } from '../../http/security';
/** Sliding expiry is written at most this often, so reads do not all become writes. */
const TOUCH_INTERVAL_MS = 30_000;

/** Starts a session with a fresh id and returns the cookie value (only its hash is stored). */
export async function startSession(
  db: Knex,
  user: { id: number; timeout: number },
  now: number,
  realUserId: number | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db('sessions').insert({
    id: sessionIdOf(token),
    user_id: user.id,
    real_user_id: realUserId,
    created_at: now,
    last_seen_at: now,
    expires_at: now + user.timeout * 1000,
  });
  return token;
}

export async function endSession(db: Knex, token: string): Promise<void> {
  await db('sessions').where('id', sessionIdOf(token)).delete();
}

/**
 * Ends every session of a user (their password changed or was reset): a session taken by someone
 * who knew the old password ends with it. Emulated sessions of the user end too.
 */
export async function endUserSessions(db: Knex, userId: number): Promise<void> {
  await db('sessions').where('user_id', userId).delete();
}

interface SessionRow {
  user_id: number;
  real_user_id: number | null;
  expires_at: number;
  last_seen_at: number;
  /** Every data version committed when the row was read (sessionUserCache.ts, RequestContext.versions). */
  versions: CommittedVersions;
}

/**
 * Session rows with every committed data version (a row per version, or one with no version
 * before the first write), for a batch of session ids: a JSON array in SQLite, an array in
 * PostgreSQL, so one prepared statement serves any batch (server/db/preparedRead.ts).
 */
const READ_SESSIONS: PreparedSql = {
  name: 'hub_sessions_with_versions',
  sqlite:
    'select s.id, s.user_id, s.real_user_id, s.expires_at, s.last_seen_at, dv.name, dv.version from sessions s ' +
    'left join data_versions dv on 1 = 1 where s.id in (select value from json_each(?))',
  postgres:
    'select s.id, s.user_id, s.real_user_id, s.expires_at, s.last_seen_at, dv.name, dv.version from sessions s ' +
    'left join data_versions dv on true where s.id = any($1::varchar[])',
};

type SessionVersionRow = Omit<SessionRow, 'versions'> & { id: string; name: string | null; version: number | string | null };

/**
 * Session rows with the committed data versions, read in batches: a request's read begins after
 * it arrived (batchedReader.ts), so the user cached under the `access` version is no older than
 * the last write before the request, a signed-out or expired session ends at once, and the
 * request's cached pages are keyed by versions no older than its arrival. Concurrent requests
 * share one query.
 */
function sessionReader(db: Knex): BatchedReader<string, SessionRow> {
  let reader = readers.get(db);
  if (!reader) {
    reader = new BatchedReader(async (ids) => {
      const values = onPostgres(db) ? [ids] : [JSON.stringify(ids)];
      const rows = await preparedRead<SessionVersionRow>(db, READ_SESSIONS, values);
      const versions = new CommittedVersions(
        rows.flatMap(({ name, version }) => (name === null || version === null ? [] : [{ name, version }])),
      );
      const sessions = new Map<string, SessionRow>();
      for (const { id, user_id, real_user_id, expires_at, last_seen_at } of rows)
        sessions.set(id, { user_id, real_user_id, expires_at, last_seen_at, versions });
      return sessions;
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
    await db('sessions')
      .where('id', id)
      .update({ last_seen_at: now, expires_at: now + timeout * 1000 });
  } finally {
    touching.delete(id);
  }
}

/** A live session's user, and the data versions read with its row. */
export interface ResumedSession {
  user: SessionUser;
  versions: CommittedVersions;
}

/** The user of a live session, extending it; undefined (and the row removed) once idle too long. */
export async function resumeSession(db: Knex, token: string, now: number): Promise<ResumedSession | undefined> {
  const id = sessionIdOf(token);
  const session = await sessionReader(db).read(id);
  if (!session) return undefined;
  if (Number(session.expires_at) <= now) {
    await db('sessions').where('id', id).delete();
    return undefined;
  }
  const realUserId = session.real_user_id === null ? null : Number(session.real_user_id);
  const [accessVersion] = session.versions.of([ACCESS_VERSION]);
  const user = await cachedSessionUser(db, Number(session.user_id), realUserId, accessVersion!);
  if (!user) {
    await db('sessions').where('id', id).delete();
    return undefined;
  }
  if (now - Number(session.last_seen_at) >= TOUCH_INTERVAL_MS) {
    await touch(db, id, now, user.timeout);
  }
  return { user, versions: session.versions };
}

/** The administrator behind a live emulated session, null for an ordinary one, undefined for an expired or unknown one. */
export async function emulatingAdministrator(db: Knex, token: string): Promise<number | null | undefined> {
  const session = await db('sessions').where('id', sessionIdOf(token)).where('expires_at', '>', Date.now()).first('real_user_id');
  if (!session) return undefined;
  return session.real_user_id !== null ? Number(session.real_user_id) : null;
}

/**
 * Ends at once every session in which a user of `who` is the signed-in (emulated) user or the
 * administrator behind an emulation: called by the write path, in the transaction that disables
 * the user or their organisation, so no session outlives the disable (not even one nobody used
 * in between, which loadSessionUser would otherwise refuse only at its next request).
 */
export async function endSessionsOf(db: Knex, who: { user: number } | { organisation: number }): Promise<void> {
  const users = 'user' in who ? [who.user] : db('users').where('organisation_id', who.organisation).select('id');
  await db('sessions').whereIn('user_id', users).orWhereIn('real_user_id', users).delete();
}

/** Housekeeping: expired sessions, sign-in challenges and e-mailed links; old login failures and reset requests. */
export async function purgeExpired(db: Knex, now: number): Promise<void> {
  await db('sessions').where('expires_at', '<=', now).delete();
  await db('login_challenges').where('expires_at', '<=', now).delete();
  await db('user_tokens').where('expires_at', '<=', now).delete();
  await db('login_failures')
    .where('at', '<', now - 24 * 3600_000)
    .delete();
  await db('link_requests')
    .where('created_at', '<', now - 24 * 3600_000)
    .delete();
}
