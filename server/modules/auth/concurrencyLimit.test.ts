import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrencyLimit';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('ConcurrencyLimit', () => {
  it('runs at most its concurrency at once, queues the rest in order, and refuses past the queue', async () => {
    const limit = new ConcurrencyLimit(2, 1);
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const results = gates.map((gate, index) =>
      limit.run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    expect(limit.run(async () => 99)).toBeUndefined();
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[0]!.resolve();
    expect(await results[0]).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual([0, 1, 2]);
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2]);
    expect(await limit.run(async () => 'free again')).toBe('free again');
  });

  it('frees its slot when a task fails', async () => {
    const limit = new ConcurrencyLimit(1, 0);
    await expect(limit.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit.run(async () => 'next')).toBe('next');
  });
});
