import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import { WalCheckpointer } from './walCheckpointer';

/** The parts of a better-sqlite3 statement and connection the client uses. */
interface Statement {
  readonly reader: boolean;
  all(bindings: unknown[]): unknown[];
  run(bindings: unknown[]): { changes: number; lastInsertRowid: number | bigint };
}
export interface SqliteConnection {
  /** False once a statement outside a transaction, or a COMMIT, has committed. */
  readonly inTransaction: boolean;
  prepare(sql: string): Statement;
  exec(sql: string): void;
  close(): void;
}
interface Transaction {
  begin(connection: SqliteConnection): Promise<unknown>;
  /** The transaction's own client, set before `begin`; its queries reject on an error (Transaction.query would end the transaction instead). */
  trxClient: { query(connection: SqliteConnection, sql: string): Promise<unknown> };
}
interface QueryObject {
  sql?: string;
  bindings?: unknown[];
  response?: unknown;
  context?: { lastID: number | bigint; changes: number };
}
/** Knex's better-sqlite3 client class (not in Knex's public types). */
type BetterSqliteClientClass = new (config: Knex.Config) => BetterSqliteClient;
interface BetterSqliteClient {
  readonly driver: new (filename: string) => SqliteConnection;
  readonly connectionSettings: { filename: string };
  acquireRawConnection(): Promise<SqliteConnection>;
  transaction(...args: unknown[]): Transaction;
  destroy(callback?: (error?: unknown) => void): Promise<void>;
  _query(connection: SqliteConnection, obj: QueryObject): Promise<QueryObject>;
  _formatBindings(bindings: unknown[] | undefined): unknown[];
}

/**
 * How long a statement waits for another process's write lock. better-sqlite3 runs on the event
 * loop's thread, so SQLite's own busy wait would stop the whole process meanwhile: BEGIN waits
 * without it (`takeWriteLock`), and this bounds the rest (a write outside a transaction).
 */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Every connection's settings. WAL lets readers proceed during a write; foreign keys are off by
 * default in SQLite. synchronous = NORMAL (in WAL): a commit is written to the WAL file but not
 * fsynced; the WAL is synced at checkpoints. A commit survives the process being killed (the OS
 * holds the written pages); a power loss or OS crash may take back the last commits before the
 * next checkpoint, never corrupting the database (docs/performance.md, "Checkout").
 */
const CONNECTION_PRAGMAS = `PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS};`;

/** SQLite's own automatic checkpoint, in WAL frames: what the write connection goes back to without a checkpointer. */
const SQLITE_AUTOCHECKPOINT_FRAMES = 1000;

/** Statements kept per connection; past this many the oldest unused ones are dropped. */
const KEPT_STATEMENTS = 500;

const statementsByConnection = new WeakMap<SqliteConnection, Map<string, Statement>>();

/**
 * The checkpointer a write connection's commits ask for a checkpoint, kept by the connection: a
 * transaction runs its statements, COMMIT among them, through a client Knex makes for it from the
 * client's prototype (`Object.create`), which has none of the client's own fields.
 */
const checkpointerOf = new WeakMap<SqliteConnection, WalCheckpointer>();

/** `sql` prepared on `connection` once and kept, the most recently used last. */
export function statementFor(connection: SqliteConnection, sql: string): Statement {
  let statements = statementsByConnection.get(connection);
  if (!statements) statementsByConnection.set(connection, (statements = new Map()));
  let statement = statements.get(sql);
  if (statement) {
    statements.delete(sql);
  } else {
    statement = connection.prepare(sql);
    if (statements.size >= KEPT_STATEMENTS) statements.delete(statements.keys().next().value!);
  }
  statements.set(sql, statement);
  return statement;
}

/** `connection` with `pragmas` run on it, or closed when they fail. */
function configured(connection: SqliteConnection, pragmas: string): SqliteConnection {
  try {
    connection.exec(pragmas);
    return connection;
  } catch (error) {
    connection.close();
    throw error;
  }
}

const requireHere = createRequire(import.meta.url);
const BetterSqlite = requireHere('knex/lib/dialects/better-sqlite3') as BetterSqliteClientClass;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How often a transaction waiting for another process's write lock tries again. A lock is held a
 * few milliseconds, and a waiter that slept longer (it backed off to 20 ms) left the lock idle
 * while the holder's process took it again for its own next transaction: two processes placed
 * 0.77× the checkouts of one, with a p99 of 612 ms. Trying every millisecond: 0.87×, p99 120 ms
 * (bench/processes.ts, docs/performance.md "Several processes"), for an attempt that costs
 * microseconds.
 */
const LOCK_RETRY_MS = 1;

const isBusy = (error: unknown) => String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY');

/**
 * Starts the write-ahead log again from its beginning, from the write connection before a
 * transaction begins, when the checkpointer found it long (walCheckpointer.ts, RESTART_FRAMES).
 * The checkpointer has copied all but the last few milliseconds' commits, so this copies those,
 * syncs, and has the next commit write at the log's start: 4 to 36 ms on the event loop in a burst
 * of checkouts, once per 16 MiB of log, where the transactions waited 45 to 130 ms behind the
 * worker's own TRUNCATE (which also cuts the file, slow on a disk that discards freed blocks).
 * Called with the busy timeout off, it waits for no one: while the worker checkpoints, or another
 * process reads the log, SQLite answers busy in its result row, and the next transaction tries
 * again. True when the log was started again.
 */
function restartLog(connection: SqliteConnection): boolean {
  try {
    const [result] = statementFor(connection, 'PRAGMA wal_checkpoint(RESTART)').all([]) as { busy: number }[];
    return result?.busy === 0;
  } catch (error) {
    // The transaction still begins; the next one tries again.
    console.error('SQLite: starting the write-ahead log again failed', error);
    return false;
  }
}

/**
 * BEGIN IMMEDIATE: the transaction takes the file's write lock at its start. Knex's plain BEGIN
 * defers the lock to the first write, and a transaction that read before another process
 * committed then cannot write at all: SQLite answers SQLITE_BUSY at once, without waiting, as its
 * snapshot is stale. While another process (WEB_CONCURRENCY, docs/performance.md "Several
 * processes") holds the lock, this one waits on timers, its event loop free, for up to
 * BUSY_TIMEOUT_MS, trying again every millisecond (LOCK_RETRY_MS). One process holds one
 * connection, so within a process nothing waits here.
 * Before it, when the checkpointer asks, the connection starts the log again (`restartLog`).
 */
async function takeWriteLock(transaction: Transaction, connection: SqliteConnection): Promise<void> {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  connection.exec('PRAGMA busy_timeout = 0');
  try {
    const checkpointer = checkpointerOf.get(connection);
    if (checkpointer?.restartWanted && restartLog(connection)) checkpointer.logRestarted();
    for (;;) {
      try {
        await transaction.trxClient.query(connection, 'BEGIN IMMEDIATE;');
        return;
      } catch (error) {
        if (!isBusy(error) || Date.now() >= deadline) throw error;
        await pause(LOCK_RETRY_MS);
      }
    }
  } finally {
    connection.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

/**
 * Knex's better-sqlite3 client, with each connection's statements prepared once and kept by their
 * SQL (Knex prepares every query anew; preparing was 4.5 % of the server's samples in a checkout
 * profile, docs/performance.md "Checkout"). better-sqlite3 re-prepares a kept statement itself
 * after a schema change, and finalizes them all when the connection closes. A statement is used
 * by one query at a time: `all` and `run` finish before they return. Transactions begin IMMEDIATE
 * (`takeWriteLock`); savepoints (nested transactions) are left as they are.
 */
export class SqliteClient extends BetterSqlite {
  private reader: SqliteConnection | undefined;
  private writer: SqliteConnection | undefined;
  /** Runs the write connection's checkpoints on a thread of its own (walCheckpointer.ts); none for an in-memory database. */
  private checkpointer: WalCheckpointer | undefined;

  private get inMemory(): boolean {
    const { filename } = this.connectionSettings;
    return filename === ':memory:' || filename === '';
  }

  /**
   * A second connection, for the reads every request makes before its work (the session and the
   * data versions, `preparedRead.ts`). In WAL it reads the last commit while a transaction holds
   * the first connection, so a request no longer waits in the pool's queue twice: once to read
   * its session, once for its transaction. It refuses writes (`query_only`). Undefined for an
   * in-memory database, which a second connection would not share.
   */
  readConnection(): SqliteConnection | undefined {
    if (this.inMemory) return undefined;
    this.reader ??= configured(new this.driver(this.connectionSettings.filename), `${CONNECTION_PRAGMAS} PRAGMA query_only = ON;`);
    return this.reader;
  }

  /**
   * The pool's connection (the one that writes), set up by CONNECTION_PRAGMAS, its checkpoints
   * left to the checkpointer (which starts with it).
   */
  override async acquireRawConnection(): Promise<SqliteConnection> {
    const connection = configured(await super.acquireRawConnection(), CONNECTION_PRAGMAS);
    if (this.inMemory) return connection;
    this.checkpointer ??= this.startCheckpointer();
    connection.exec('PRAGMA wal_autocheckpoint = 0');
    checkpointerOf.set(connection, this.checkpointer);
    this.writer = connection;
    return connection;
  }

  /** A checkpointer on this client's file, its connection set up as the client's; if it fails, the write connection checkpoints again. */
  private startCheckpointer(): WalCheckpointer {
    const database = {
      filename: this.connectionSettings.filename,
      driverPath: requireHere.resolve('better-sqlite3'),
      pragmas: CONNECTION_PRAGMAS,
    };
    return new WalCheckpointer(database, (error) => {
      console.error('SQLite checkpoints went back to the write connection: the checkpointer failed', error);
      this.checkpointer = undefined;
      if (!this.writer) return;
      checkpointerOf.delete(this.writer);
      this.writer.exec(`PRAGMA wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_FRAMES}`);
    });
  }

  override async destroy(callback?: (error?: unknown) => void): Promise<void> {
    await this.checkpointer?.close();
    this.checkpointer = undefined;
    this.writer = undefined;
    this.reader?.close();
    this.reader = undefined;
    return super.destroy(callback);
  }

  override transaction(...args: unknown[]): Transaction {
    const transaction = super.transaction(...args);
    transaction.begin = (connection) => takeWriteLock(transaction, connection);
    return transaction;
  }

  override async _query(connection: SqliteConnection, obj: QueryObject): Promise<QueryObject> {
    if (!obj.sql) throw new Error('The query is empty');
    const statement = statementFor(connection, obj.sql);
    const bindings = this._formatBindings(obj.bindings);
    if (statement.reader) {
      obj.response = statement.all(bindings);
      return obj;
    }
    const response = statement.run(bindings);
    if (!connection.inTransaction) checkpointerOf.get(connection)?.committed();
    obj.response = response;
    obj.context = { lastID: response.lastInsertRowid, changes: response.changes };
    return obj;
  }
}
