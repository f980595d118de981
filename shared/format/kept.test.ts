import { describe, expect, it } from 'vitest';
import { kept } from './kept';

describe('kept', () => {
  it('makes a value once per key and answers it again', () => {
    const store = new Map<string, { key: string }>();
    const made: string[] = [];
    const make = (key: string) => () => {
      made.push(key);
      return { key };
    };
    const first = kept(store, 'en|UTC', make('en|UTC'));
    expect(kept(store, 'en|UTC', make('en|UTC'))).toBe(first);
    expect(kept(store, 'de|UTC', make('de|UTC'))).toEqual({ key: 'de|UTC' });
    expect(made).toEqual(['en|UTC', 'de|UTC']);
  });

  it('keeps nothing when making throws (an unknown time zone), so the next call tries again', () => {
    const store = new Map<string, Intl.DateTimeFormat>();
    const make = () => new Intl.DateTimeFormat('en-GB', { timeZone: 'Mars/Olympus' });
    expect(() => kept(store, 'Mars/Olympus', make)).toThrow(RangeError);
    expect(store.size).toBe(0);
  });

  it('starts again past 200 values, so no key set grows without end', () => {
    const store = new Map<string, number>();
    for (let index = 0; index < 200; index++) kept(store, `zone ${index}`, () => index);
    expect(store.size).toBe(200);
    expect(kept(store, 'one more', () => 200)).toBe(200);
    expect([...store.keys()]).toEqual(['one more']);
  });
});
