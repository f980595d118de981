import { Worker } from 'node:worker_threads';

/** How long after a commit the checkpointer is asked to run: the commits of that time share one checkpoint. */
const CHECKPOINT_DELAY_MS = 100;

/**
 * WAL frames past which the write connection is asked to start the log again (`restartWanted`). A
 * PASSIVE checkpoint never waits for the writer, so under a steady stream of commits the log is
 * never wholly copied back at a moment no transaction reads it, and SQLite never starts it again
 * from its beginning: it would grow for as long as the load lasts. 4000 frames of 4 KiB pages is
 * 16 MiB.
 */
const RESTART_FRAMES = 4000;

/**
 * WAL frames past which the worker empties the log itself (TRUNCATE), when the write connection
 * has not: its writes came outside transactions, with no BEGIN to do it before, or another
 * process's readers kept it from it. The worker's TRUNCATE holds the file's write lock while it
 * waits for readers, and the server's transactions wait behind it on timers: 45 to 130 ms at a
 * time in a burst of checkouts (docs/performance.md, "The checkpointer, working"), where the write
 * connection's own takes a few.
 */
const WORKER_TRUNCATE_FRAMES = 4 * RESTART_FRAMES;

/**
 * The worker's code. It is evaluated (not a file beside this one) because the server runs bundled
 * into one file (`npm start`, scripts/builds.js), with the native driver outside the bundle; the
 * driver's path comes from the main thread, which resolved it, and so do the connection's settings
 * (the client's, so that its busy timeout is every connection's). After each checkpoint it tells
 * the main thread how many frames the log holds (none when it was busy): the answer also says the
 * checkpoint is over (`inFlight`).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename);
db.exec(workerData.pragmas);
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)');
    if (log >= ${WORKER_TRUNCATE_FRAMES}) db.pragma('wal_checkpoint(TRUNCATE)');
    parentPort.postMessage({ log });
  } catch (error) {
    // Another process's checkpoint, or a writer that held on past the timeout: the next turn tries again.
    if (!String(error.code).startsWith('SQLITE_BUSY')) throw error;
    parentPort.postMessage({ log: undefined });
  }
});
`;

/**
 * Copies a SQLite database's write-ahead log back into its file (a checkpoint) on a thread of its
 * own. better-sqlite3 runs statements on the event loop's thread, and SQLite runs its automatic
 * checkpoint inside the COMMIT that crosses 1000 frames: the copy and its two fsyncs then held the
 * whole server for 5 to 30 ms, every dozen orders in a burst of checkouts (docs/performance.md,
 * "Checkpoints off the event loop"). Here the write connection turns them off
 * (`wal_autocheckpoint = 0`) and this worker's own connection runs them: a PASSIVE checkpoint
 * copies what is committed without waiting for the writer or blocking it, so the server goes on
 * serving while the disk works. What a commit guarantees is unchanged: a checkpoint syncs what it
 * copies as SQLite's own does. Once the log is long, the write connection starts it again before
 * a transaction (`restartWanted`, SqliteClient).
 *
 * If the worker fails or stops unasked, `onFailure` is told so that the write connection can
 * checkpoint itself again; the log must not grow unchecked.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private scheduled: NodeJS.Timeout | undefined;
  /** A checkpoint was asked of the worker and it has not answered yet. */
  private inFlight = false;
  /** Commits came since the last checkpoint was asked for. */
  private uncopied = false;
  private closed = false;
  /** The last checkpoint found RESTART_FRAMES or more in the log. */
  private logLong = false;

  constructor(database: { filename: string; driverPath: string; pragmas: string }, onFailure: (error: unknown) => void) {
    const { filename, driverPath, pragmas } = database;
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { filename, driver: driverPath, pragmas } });
    // A process that forgets to close its database still exits.
    this.worker.unref();
    const failed = (error: unknown) => {
      if (this.closed) return;
      this.closed = true;
      onFailure(error);
    };
    this.worker.on('message', ({ log }: { log: number | undefined }) => {
      this.inFlight = false;
      if (log !== undefined) this.logLong ||= log >= RESTART_FRAMES;
      if (this.uncopied) this.schedule();
    });
    this.worker.on('error', failed);
    this.worker.on('exit', (code) => failed(new Error(`the checkpointer stopped (exit code ${code})`)));
  }

  /** Called after each commit: asks for a checkpoint soon, once for all the commits until then. */
  committed(): void {
    this.uncopied = true;
    if (!this.inFlight) this.schedule();
  }

  /**
   * Asks the worker for a checkpoint CHECKPOINT_DELAY_MS from now, unless one is already asked for.
   * One is asked at a time: the next waits for the worker's answer and then the delay again. Asked
   * on a timer alone, checkpoints slower than the delay (a busy disk) queued up in the worker and
   * ran back to back, and the write connection's RESTART found the checkpoint lock always taken:
   * it answered busy hundreds of times in a row while the log grew past 60 MiB (CI, 2026-11-30).
   * The pause after each answer is the write connection's window to start the log again.
   */
  private schedule(): void {
    if (this.scheduled || this.closed) return;
    this.scheduled = setTimeout(() => {
      this.scheduled = undefined;
      if (this.closed) return;
      this.uncopied = false;
      this.inFlight = true;
      this.worker.postMessage('checkpoint');
    }, CHECKPOINT_DELAY_MS);
    this.scheduled.unref();
  }

  /**
   * Whether the write connection should start the log again before its next transaction: the
   * last checkpoint found it long, and it has not been started again since.
   */
  get restartWanted(): boolean {
    return this.logLong;
  }

  /** The write connection started the log again. */
  logRestarted(): void {
    this.logLong = false;
  }

  /** Closes the worker's connection and waits for it to end; what is not yet copied, the last connection's close copies. */
  async close(): Promise<void> {
    clearTimeout(this.scheduled);
    if (this.closed) return;
    this.closed = true;
    const ended = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.postMessage('close');
    await ended;
  }
}
