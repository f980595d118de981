/**
 * Reads rows by key for many concurrent requests in few queries, without ever handing a request
 * a read that began before it arrived (that read might predate a commit the request must see):
 * keys asked for while no read runs are read together at the end of the event loop's turn (every
 * request the loop has taken in by then shares that read); keys asked for while one runs wait for
 * the next, which starts at the end of the turn after it finished. Under load one query answers a
 * batch of requests; alone, a request waits for nobody. server/writes/dataVersions.ts keeps the
 * same rule for the data versions, with one promise for every request (it reads no keys).
 * Starting at the end of the turn, not with the first request, served 6–9 % more signed-in pages
 * a second on PostgreSQL and 9–11 % on SQLite (bench/compare-builds.ts, docs/performance.md).
 */
export class BatchedReader<Key, Value> {
  /** A read is running or about to start: keys asked for now wait for the one after it. */
  private busy = false;
  private waiting = new Map<Key, { resolve: (value: Value | undefined) => void; reject: (error: unknown) => void }[]>();

  constructor(
    /** Reads the rows of these keys; a key without a row is left out of the answer. */
    private readonly load: (keys: Key[]) => Promise<Map<Key, Value>>,
    /** At most this many keys a query (the database's limit on bound values is far above). */
    private readonly maxKeys = 500,
  ) {}

  read(key: Key): Promise<Value | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.busy) this.startAtEndOfTurn();
    });
  }

  private startAtEndOfTurn(): void {
    this.busy = true;
    // setImmediate runs after the poll phase: the requests already received join this read.
    setImmediate(() => this.start());
  }

  private start(): void {
    const batch = new Map([...this.waiting].slice(0, this.maxKeys));
    for (const key of batch.keys()) this.waiting.delete(key);
    this.load([...batch.keys()])
      .then(
        (found) => {
          for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
        },
        (error: unknown) => {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
        },
      )
      .finally(() => {
        if (this.waiting.size > 0) this.startAtEndOfTurn();
        else this.busy = false;
      });
  }
}
