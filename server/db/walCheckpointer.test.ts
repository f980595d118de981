import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connect } from './connect';
import { WalCheckpointer } from './walCheckpointer';

// SQLite's checkpoints on a thread of their own (server/db/walCheckpointer.ts): the write
// connection never copies its log back into the database file, the checkpointer does, soon after
// the commits; under a steady stream of transactions the write connection starts the log again
// when the checkpointer finds it long; and a checkpointer that fails hands the checkpoints back to
// the write connection.

let folder: string;
let db: Knex;
let file: string;
const sizeOf = (path: string) => statSync(path, { throwIfNoEntry: false })?.size ?? 0;
/** The WAL header's checkpoint sequence number (bytes 12 to 15, big-endian): one more each time the log starts again. */
function checkpointSequence(wal: string): number {
  const header = Buffer.alloc(16);
  const descriptor = openSync(wal, 'r');
  try {
    readSync(descriptor, header, 0, 16, 0);
  } finally {
    closeSync(descriptor);
  }
  return header.readUInt32BE(12);
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'hub-wal-'));
  file = join(folder, 'wal.sqlite');
  db = connect(`sqlite://${file}`);
  await db.schema.createTable('blobs', (table) => {
    table.increments('id');
    table.text('body');
  });
});
afterEach(async () => {
  await db.destroy();
  rmSync(folder, { recursive: true, force: true });
});

/** Polls until `done` holds, for up to two seconds. */
async function eventually(done: () => boolean): Promise<boolean> {
  for (let waited = 0; waited < 2000 && !done(); waited += 20) await pause(20);
  return done();
}

describe.runIf(!process.env['TEST_DATABASE_URL'])('checkpoints off the event loop', () => {
  it('leaves the copy to the checkpointer, which makes it soon after the commits', async () => {
    expect(await db.raw('PRAGMA wal_autocheckpoint')).toEqual([{ wal_autocheckpoint: 0 }]);
    // The table's creation (a commit outside a transaction) asked for a checkpoint of its own: let
    // it pass, so that only the transactions' commits below can ask for the next one.
    await pause(300);
    const before = sizeOf(file);
    // 8 MiB in 16 commits: past SQLite's own automatic checkpoint (1000 frames, 4 MiB) twice over.
    const body = 'x'.repeat(64 * 1024);
    for (let commit = 0; commit < 16; commit++) {
      await db.transaction(async (trx) => {
        for (let row = 0; row < 8; row++) await trx('blobs').insert({ body });
      });
    }
    // No commit copied the log back (the write connection's automatic checkpoint is off)…
    expect(sizeOf(file)).toBe(before);
    expect(sizeOf(`${file}-wal`)).toBeGreaterThan(8 * 1024 * 1024);
    // …the checkpointer does, on its own thread, about 100 ms after the last COMMIT asked for it.
    expect(await eventually(() => sizeOf(file) > 8 * 1024 * 1024)).toBe(true);
    expect(await db('blobs').count({ n: '*' })).toEqual([{ n: 128 }]);
  });

  it('starts the log again under a steady stream of transactions, from the write connection, so it stays bounded', async () => {
    // About 60 MiB committed with no pause in which a PASSIVE checkpoint could catch up on its own.
    const body = 'y'.repeat(16 * 1024);
    let largestLog = 0;
    const firstSequence = checkpointSequence(`${file}-wal`);
    for (let commit = 0; commit < 4000; commit++) {
      await db.transaction((trx) => trx('blobs').insert({ body }));
      if (commit % 100 === 0) largestLog = Math.max(largestLog, sizeOf(`${file}-wal`));
      // Timers run between commits, as between a server's requests.
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The log started again while the commits went on, where PASSIVE alone would have kept every
    // frame: 70 MiB. The worker's own TRUNCATE waits for 64 MiB (WORKER_TRUNCATE_FRAMES), so
    // the write connection did it (RESTART), before a transaction began, when the checkpointer
    // asked. RESTART leaves the file's size as it is: the next commits write at its start. The
    // bound's margin above 16 MiB is for a loaded machine, where the worker reports late.
    expect(checkpointSequence(`${file}-wal`)).toBeGreaterThan(firstSequence);
    expect(largestLog).toBeLessThan(56 * 1024 * 1024);
    expect(await db('blobs').count({ n: '*' })).toEqual([{ n: 4000 }]);
  });

  it('empties the log under writes outside transactions too: past 64 MiB the worker truncates it', async () => {
    // About 125 MiB committed one statement at a time: no BEGIN at which the write connection
    // could start the log again, so the worker's own TRUNCATE (WORKER_TRUNCATE_FRAMES) must. How
    // far past 64 MiB the log gets first depends on how far the worker lags behind the writes (on
    // a loaded machine, to the whole 96 MiB of a shorter run), so the test asks that it was cut.
    const body = 'z'.repeat(16 * 1024);
    let lastLog = 0;
    let truncations = 0;
    for (let commit = 0; commit < 8000; commit++) {
      await db('blobs').insert({ body });
      if (commit % 100 === 0) {
        const log = sizeOf(`${file}-wal`);
        if (log < lastLog) truncations++;
        lastLog = log;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(truncations).toBeGreaterThan(0);
    expect(await db('blobs').count({ n: '*' })).toEqual([{ n: 8000 }]);
  });

  it('asks the worker for one checkpoint at a time, so that checkpoints slower than its delay do not queue up', async () => {
    // A disk where each checkpoint takes 250 ms: the driver the worker loads is better-sqlite3,
    // its checkpoints held back that long. Asked every 100 ms on a timer alone, they queued up in
    // the worker and ran back to back, and the write connection's RESTART found the checkpoint
    // lock always taken (CI, 2026-11-30: the log past 60 MiB).
    const driverPath = join(folder, 'slow-checkpoints.cjs');
    writeFileSync(
      driverPath,
      `const Database = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))});
module.exports = class extends Database {
  pragma(source, options) {
    if (source.startsWith('wal_checkpoint')) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    return super.pragma(source, options);
  }
};`,
    );
    const checkpointer = new WalCheckpointer({ filename: file, driverPath, pragmas: '' }, (error) => {
      throw error;
    });
    const worker = (checkpointer as unknown as { worker: Worker }).worker;
    let asked = 0;
    let answered = 0;
    let mostInFlight = 0;
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (message: unknown) => {
      if (message === 'checkpoint') mostInFlight = Math.max(mostInFlight, ++asked - answered);
      post(message);
    };
    worker.on('message', () => answered++);
    try {
      // A commit every 10 ms for 1.5 s.
      for (let commit = 0; commit < 150; commit++) {
        await db('blobs').insert({ body: 'w' });
        checkpointer.committed();
        await pause(10);
      }
      // Each was asked for 100 ms after the last one's answer, and there were several.
      expect(mostInFlight).toBe(1);
      expect(asked).toBeGreaterThanOrEqual(2);
      expect(await eventually(() => answered === asked)).toBe(true);
    } finally {
      await checkpointer.close();
    }
  });

  it('tells its owner when it fails, and the write connection then checkpoints itself again', async () => {
    const failures: unknown[] = [];
    const database = { filename: file, driverPath: join(folder, 'no-such-driver.js'), pragmas: 'PRAGMA busy_timeout = 5000;' };
    const checkpointer = new WalCheckpointer(database, (error) => failures.push(error));
    expect(await eventually(() => failures.length > 0)).toBe(true);
    expect(String(failures[0])).toContain('no-such-driver');
    // Closed: nothing is asked of it any more, and closing it again answers at once.
    checkpointer.committed();
    await checkpointer.close();
    expect(failures).toHaveLength(1);

    // The client's own checkpointer stopping unasked (its thread ended) gives the checkpoints back, and says so.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const client = db.client as unknown as { checkpointer?: { worker: { terminate(): Promise<number> } } };
      await client.checkpointer!.worker.terminate();
      expect(await eventually(() => client.checkpointer === undefined)).toBe(true);
      expect(await db.raw('PRAGMA wal_autocheckpoint')).toEqual([{ wal_autocheckpoint: 1000 }]);
      expect(String(logged.mock.calls[0]?.[0])).toContain('SQLite checkpoints went back to the write connection');
    } finally {
      logged.mockRestore();
    }
  });
});
