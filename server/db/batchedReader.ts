/**
 * Reads rows by key for many concurrent requests in few queries, without ever handing a request
 * a read that began before it arrived (that read might predate a commit the request must see):
 * a key asked for while no read runs is read at once; keys asked for while one runs wait for the
 * next, which reads them all together. Under load one query answers a batch of requests; alone, a
 * request waits for nobody. (server/writes/dataVersions.ts keeps the same rule for the data
 * versions, but starts each read at the end of the event loop's turn, which measured faster there
 * and not here: docs/performance.md.)
 */
export class BatchedReader<Key, Value> {
  private running = false;
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
      if (!this.running) this.next();
    });
  }

  private next(): void {
    if (this.waiting.size === 0) {
      this.running = false;
      return;
    }
    this.running = true;
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
      .finally(() => this.next());
  }
}
