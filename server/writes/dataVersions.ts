import type { Knex } from 'knex';
import { preparedRead, type PreparedSql } from '../db/preparedRead';

/**
 * Data versions: a counter per cached data set (`data_versions`, one row by name), bumped in the
 * transaction of every write of an entity whose spec names it (`data_version: catalogue`). A cache
 * keyed by the version a request reads first never answers with data older than the last commit
 * before that request, in any process sharing the database (docs/performance.md).
 */

/** What signed-in callers are made of (users, organisations, roles, grants, linked accounts): keys the session-user cache. */
export const ACCESS_VERSION = 'access';

/** Bumps a version inside the writer's transaction: an upsert, so the first write creates the row. */
export async function bumpDataVersion(db: Knex, name: string): Promise<void> {
  await db('data_versions')
    .insert({ name, version: 1 })
    .onConflict('name')
    .merge({ version: db.raw('?? + 1', ['data_versions.version']) });
}

/**
 * Every data version committed at one moment (0 for a name never written): read whole, as the
 * table holds a row per cached data set, so one read serves every cache a request consults.
 */
export class CommittedVersions {
  private readonly byName: ReadonlyMap<string, number>;

  constructor(rows: readonly { name: string; version: number | string }[]) {
    this.byName = new Map(rows.map((row) => [row.name, Number(row.version)]));
  }

  /** The versions of `names`, in their order. */
  of(names: readonly string[]): number[] {
    return names.map((name) => this.byName.get(name) ?? 0);
  }
}

const READ_VERSIONS: PreparedSql = {
  name: 'hub_data_versions',
  sqlite: 'select name, version from data_versions',
  postgres: 'select name, version from data_versions',
};

/** The versions now committed. */
export async function readDataVersions(db: Knex): Promise<CommittedVersions> {
  return new CommittedVersions(await preparedRead<{ name: string; version: number | string }>(db, READ_VERSIONS, []));
}

/**
 * Reads versions for many concurrent requests with few queries, without ever handing a request
 * a read that began before it arrived (that read might predate a commit the request must see):
 * a request joins the read that starts next, and at most one read waits behind the one running.
 * A read starts at the end of the event loop's turn, so the requests taken in by one turn share it.
 */
export class DataVersionReader<Versions = CommittedVersions> {
  private running: Promise<Versions> | undefined;
  private next: Promise<Versions> | undefined;

  /** `read` reads the versions now committed (readDataVersions, bound to a database). */
  constructor(private readonly read: () => Promise<Versions>) {}

  current(): Promise<Versions> {
    if (!this.next) {
      // The read starts once the running one is done and the event loop has taken in every
      // request that is already waiting (setImmediate runs after the poll phase), so they all
      // join it; none of them arrived after it began.
      const after = this.running ? this.running.catch(() => undefined) : Promise.resolve();
      this.next = after.then(afterPendingRequests).then(() => {
        this.next = undefined;
        return this.start();
      });
    }
    return this.next;
  }

  private start(): Promise<Versions> {
    const read = this.read().finally(() => {
      if (this.running === read) this.running = undefined;
    });
    this.running = read;
    return read;
  }
}

/** Resolves after the requests the event loop has already received are taken in. */
const afterPendingRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A database's reader, shared by every request of the process. */
const readers = new WeakMap<Knex, DataVersionReader>();

/**
 * The versions committed now, for a request: `known` when its session row was read with them
 * (after the request arrived: modules/auth/sessions.ts), else from the shared reader.
 */
export function committedVersions(db: Knex, known?: CommittedVersions): Promise<CommittedVersions> {
  if (known) return Promise.resolve(known);
  let reader = readers.get(db);
  if (!reader) readers.set(db, (reader = new DataVersionReader(() => readDataVersions(db))));
  return reader.current();
}
