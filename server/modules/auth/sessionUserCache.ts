import type { Knex } from 'knex';
import { loadSessionUser } from './loadSessionUser';
import type { SessionUser } from './sessionUser';

/**
 * Session users (user, organisation, grants, linked account, the administrator behind an
 * emulation) cached per process and keyed by the `access` data version: every write of users,
 * organisations, roles, permissions, grants and linked accounts bumps it in the writer's
 * transaction (spec `data_version: access`). The caller reads the version in the same query as
 * the session row, after its request arrived, so an entry is served only when nothing it was
 * built from has changed since: a disabled user or a revoked grant takes effect on the next
 * request in every process sharing the database (docs/performance.md).
 */

const MAX_USERS = 10_000;

interface Entry {
  /** The version the entry was loaded at or after: what it shows is at least that new. */
  version: number;
  user: Promise<SessionUser | undefined>;
}

class SessionUserCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly db: Knex) {}

  get(userId: number, realUserId: number | null, version: number): Promise<SessionUser | undefined> {
    const key = `${userId}|${realUserId ?? ''}`;
    const known = this.entries.get(key);
    // An entry loaded at a later version than the caller read is newer than it needs: serve it.
    if (known && known.version >= version) {
      this.entries.delete(key);
      this.entries.set(key, known);
      return known.user;
    }
    // Loaded after the version was read, so at least as new as that version.
    const user = loadSessionUser(this.db, userId, realUserId).then((loaded) => loaded && freeze(loaded));
    const entry = { version, user };
    this.entries.delete(key);
    this.entries.set(key, entry);
    // A failure is not remembered: the next request loads again.
    user.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    while (this.entries.size > MAX_USERS) this.entries.delete(this.entries.keys().next().value!);
    return user;
  }
}

/** One cached user is shared by every request of its session: nothing may change it in place. */
function freeze(user: SessionUser): SessionUser {
  Object.freeze(user.organisation);
  Object.freeze(user.modules);
  if (user.real) Object.freeze(user.real);
  return Object.freeze(user);
}

const caches = new WeakMap<Knex, SessionUserCache>();

/** The session user of `userId` (emulated by `realUserId`) as of access version `version` or later. */
export function cachedSessionUser(db: Knex, userId: number, realUserId: number | null, version: number): Promise<SessionUser | undefined> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionUserCache(db)));
  return cache.get(userId, realUserId, version);
}
