import { describe, expect, it } from 'vitest';
import { DataVersionReader } from './dataVersions';

// The reader behind every cached page (docs/performance.md): few queries under load, and never a
// version read before the request that gets it arrived.

/** A read the test finishes by hand; `began` counts the reads started. */
function controlledReads() {
  const pending: { resolve: (versions: number[]) => void }[] = [];
  let version = 0;
  return {
    read: () =>
      new Promise<number[]>((resolve) => {
        // The version committed when the read begins is the one it answers.
        const seen = version;
        pending.push({ resolve: () => resolve([seen]) });
      }),
    commit: () => (version += 1),
    finish: async () => {
      pending.shift()!.resolve([]);
      await turn();
    },
    began: () => pending.length,
  };
}

/** Until the reads asked for so far have begun: past the turn in which the reader starts them. */
const turn = async () => {
  for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('DataVersionReader', () => {
  it('lets the requests of one turn of the event loop share one read', async () => {
    const reads = controlledReads();
    const reader = new DataVersionReader(reads.read);
    const asked = [reader.current(), reader.current(), reader.current()];
    await turn();
    expect(reads.began()).toBe(1);
    await reads.finish();
    expect(await Promise.all(asked)).toEqual([[0], [0], [0]]);
    // No second read was needed.
    expect(reads.began()).toBe(0);
  });

  it('never answers a request with a read that began before it arrived: it waits for the next one', async () => {
    const reads = controlledReads();
    const reader = new DataVersionReader(reads.read);
    const early = reader.current();
    await turn();
    expect(reads.began()).toBe(1);
    // A commit, then a request, while the first read runs: the request must see the commit.
    reads.commit();
    const late = reader.current();
    const later = reader.current();
    await reads.finish();
    expect(await early).toEqual([0]);
    await turn();
    // One read behind the running one serves every request that arrived meanwhile.
    expect(reads.began()).toBe(1);
    await reads.finish();
    expect(await Promise.all([late, later])).toEqual([[1], [1]]);
  });

  it('starts a new read for a request that arrives after the last one ended', async () => {
    const reads = controlledReads();
    const reader = new DataVersionReader(reads.read);
    const first = reader.current();
    await turn();
    await reads.finish();
    expect(await first).toEqual([0]);
    reads.commit();
    const second = reader.current();
    await turn();
    await reads.finish();
    expect(await second).toEqual([1]);
  });
});
