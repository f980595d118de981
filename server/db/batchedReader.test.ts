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

describe('BatchedReader', () => {
  it('reads a key at once when no read runs, and answers a key without a row as undefined', async () => {
    const { reader, reads } = table(new Map([['a', 1]]));
    const a = reader.read('a');
    const missing = reader.read('zzz');
    expect(reads.map((read) => read.keys)).toEqual([['a']]);
    reads[0]!.finish();
    expect(await a).toBe(1);
    await Promise.resolve();
    reads[1]!.finish();
    expect(await missing).toBeUndefined();
  });

  it('never answers a request with a read that began before it: it waits for the next, shared by everyone waiting', async () => {
    const rows = new Map([['a', 1], ['b', 2]]);
    const { reader, reads } = table(rows);
    const early = reader.read('a');
    // A write commits after the first read began; requests that arrive now must see it.
    rows.set('a', 10);
    const late = [reader.read('a'), reader.read('a'), reader.read('b')];
    expect(reads).toHaveLength(1);
    reads[0]!.finish();
    expect(await early).toBe(1);
    await Promise.resolve();
    expect(reads.map((read) => read.keys)).toEqual([['a'], ['a', 'b']]);
    reads[1]!.finish();
    expect(await Promise.all(late)).toEqual([10, 10, 2]);
  });

  it('reads at most maxKeys keys a query, the rest in the next', async () => {
    const { reader, reads } = table(new Map([['a', 1], ['b', 2], ['c', 3], ['d', 4], ['e', 5]]));
    const first = reader.read('a');
    const rest = ['b', 'c', 'd', 'e'].map((key) => reader.read(key));
    reads[0]!.finish();
    await first;
    await Promise.resolve();
    expect(reads[1]!.keys).toEqual(['b', 'c', 'd']);
    reads[1]!.finish();
    await Promise.all(rest.slice(0, 3));
    await Promise.resolve();
    expect(reads[2]!.keys).toEqual(['e']);
    reads[2]!.finish();
    expect(await Promise.all(rest)).toEqual([2, 3, 4, 5]);
  });

  it('fails only the requests of a failed read; the next read serves the rest', async () => {
    const { reader, reads } = table(new Map([['a', 1]]));
    const failed = reader.read('a');
    const next = reader.read('a');
    reads[0]!.fail(new Error('disk gone'));
    await expect(failed).rejects.toThrow('disk gone');
    await Promise.resolve();
    reads[1]!.finish();
    expect(await next).toBe(1);
  });
});
