import { describe, expect, it } from 'vitest';
import { textLines } from './textLines';

describe('textLines', () => {
  it.each([
    [null, []],
    ['', []],
    ['one', ['one']],
    ['one\ntwo', ['one', 'two']],
    ['one\r\ntwo\r\n', ['one', 'two']],
    ['  padded  \n\n   \nnext', ['padded', 'next']],
  ] as const)('%j', (text, expected) => {
    expect(textLines(text)).toEqual(expected);
  });
});
