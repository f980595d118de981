import { describe, expect, it } from 'vitest';
import { serializeQuery } from './query';

describe('serializeQuery', () => {
  it('sends arrays as repeated parameters', () => {
    expect(serializeQuery({ vendor: [1, 2, -1] })).toBe('vendor=1&vendor=2&vendor=-1');
  });

  it('percent-encodes a plus so the server does not read a space', () => {
    expect(serializeQuery({ sort_by: '+name' })).toBe('sort_by=%2Bname');
    expect(serializeQuery({ text: 'a b&c' })).toBe('text=a%20b%26c');
  });

  it('leaves out empty values but keeps zero and false', () => {
    expect(serializeQuery({ page: 1, text: '', value_from: null, value_to: undefined, type: [], flag: false, n: 0 })).toBe(
      'page=1&flag=false&n=0',
    );
  });
});
