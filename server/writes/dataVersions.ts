import type { Knex } from 'knex';

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

/** The versions now committed, in the order of `names` (0 before the first write). */
export async function readDataVersions(db: Knex, names: readonly string[]): Promise<number[]> {
  const rows = (await db('data_versions').whereIn('name', names).select('name', 'version')) as { name: string; version: number | string }[];
  const byName = new Map(rows.map((row) => [row.name, Number(row.version)]));
  return names.map((name) => byName.get(name) ?? 0);
}

/**
 * Reads versions for many concurrent requests with few queries, without ever handing a request
 * a read that began before it arrived (that read might predate a commit the request must see):
 * a request joins the read that starts next, and at most one read waits behind the one running.
 * A read starts at the end of the event loop's turn, so the requests taken in by one turn share it.
 */
export class DataVersionReader {
  private running: Promise<number[]> | undefined;
  private next: Promise<number[]> | undefined;

  /** `read` reads the versions now committed (readDataVersions, bound to a database and names). */
  constructor(private readonly read: () => Promise<number[]>) {}

  current(): Promise<number[]> {
    if (!this.next) {
      // The read starts once the running one is done and the event loop has taken in every
      // request that is already waiting (setImmediate runs after the poll phase), so they all
      // join it; none of them arrived after it began.
      const after = this.running ? this.running.catch(() => []) : Promise.resolve();
      this.next = after.then(afterPendingRequests).then(() => {
        this.next = undefined;
        return this.start();
      });
    }
    return this.next;
  }

  private start(): Promise<number[]> {
    const read = this.read().finally(() => {
      if (this.running === read) this.running = undefined;
    });
    this.running = read;
    return read;
  }
}

/** Resolves after the requests the event loop has already received are taken in. */
const afterPendingRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A database's readers, one per set of version names, shared by every request of the process. */
const readers = new WeakMap<Knex, Map<string, DataVersionReader>>();

export function dataVersionReader(db: Knex, names: readonly string[]): DataVersionReader {
  let byNames = readers.get(db);
  if (!byNames) readers.set(db, (byNames = new Map()));
  const key = names.join(',');
  let reader = byNames.get(key);
  if (!reader) byNames.set(key, (reader = new DataVersionReader(() => readDataVersions(db, names))));
  return reader;
}
