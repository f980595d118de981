import { describe, expect, it } from 'vitest';
import { BatchedReader } from './batchedReader';

/** A table in memory whose reads finish when the test says so: what each read saw is what it answers. */
function table(rows: Map<string, number>) {
  const reads: { keys: string[]; finish: () => void; fail: (error: Error) => void }[] = [];
  const reader = new BatchedReader<string, number>(
    (keys) =>
      new Promise((resolve, reject) => {
        // The read sees the table as it is when it begins.
        const seen = new Map(keys.flatMap((key) => (rows.has(key) ? [[key, rows.get(key)!] as const] : [])));
        reads.push({ keys, finish: () => resolve(seen), fail: reject });
      }),
    3,
  );
  return { reader, reads };
}

/** Until the reads asked for so far have begun: past the turn of the event loop in which the reader starts them. */
const turn = async () => {
  for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('BatchedReader', () => {
  it('reads the keys asked for in one turn of the event loop together, and answers a key without a row as undefined', async () => {
    const { reader, reads } = table(new Map([['a', 1]]));
    const a = reader.read('a');
    const again = reader.read('a');
    const missing = reader.read('zzz');
    expect(reads).toHaveLength(0);
    await turn();
    expect(reads.map((read) => read.keys)).toEqual([['a', 'zzz']]);
    reads[0]!.finish();
    expect(await Promise.all([a, again, missing])).toEqual([1, 1, undefined]);
  });

  it('never answers a request with a read that began before it: it waits for the next, shared by everyone waiting', async () => {
    const rows = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    const { reader, reads } = table(rows);
    const early = reader.read('a');
    await turn();
    expect(reads).toHaveLength(1);
    // A write commits after the first read began; requests that arrive now must see it.
    rows.set('a', 10);
    const late = [reader.read('a'), reader.read('a'), reader.read('b')];
    await turn();
    expect(reads).toHaveLength(1);
    reads[0]!.finish();
    expect(await early).toBe(1);
    await turn();
    expect(reads.map((read) => read.keys)).toEqual([['a'], ['a', 'b']]);
    reads[1]!.finish();
    expect(await Promise.all(late)).toEqual([10, 10, 2]);
  });

  it('starts a new read for a request that arrives after the last one ended', async () => {
    const rows = new Map([['a', 1]]);
    const { reader, reads } = table(rows);
    const first = reader.read('a');
    await turn();
    reads[0]!.finish();
    expect(await first).toBe(1);
    rows.set('a', 2);
    const second = reader.read('a');
    await turn();
    expect(reads).toHaveLength(2);
    reads[1]!.finish();
    expect(await second).toBe(2);
  });

  it('reads at most maxKeys keys a query, the rest in the next', async () => {
    const { reader, reads } = table(
      new Map([
        ['a', 1],
        ['b', 2],
        ['c', 3],
        ['d', 4],
        ['e', 5],
      ]),
    );
    const all = ['a', 'b', 'c', 'd', 'e'].map((key) => reader.read(key));
    await turn();
    expect(reads.map((read) => read.keys)).toEqual([['a', 'b', 'c']]);
    reads[0]!.finish();
    await turn();
    expect(reads[1]!.keys).toEqual(['d', 'e']);
    reads[1]!.finish();
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4, 5]);
  });

  it('fails only the requests of a failed read; the next read serves the rest', async () => {
    const { reader, reads } = table(new Map([['a', 1]]));
    const failed = reader.read('a');
    await turn();
    const next = reader.read('a');
    reads[0]!.fail(new Error('disk gone'));
    await expect(failed).rejects.toThrow('disk gone');
    await turn();
    reads[1]!.finish();
    expect(await next).toBe(1);
  });
});
