import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv';

describe('csvCell', () => {
  it.each<{ given: string | null; want: string }>([
    { given: 'SN-1', want: 'SN-1' },
    { given: null, want: '' },
    { given: 'a,b', want: '"a,b"' },
    { given: 'say "hi"', want: '"say ""hi"""' },
    { given: 'two\nlines', want: '"two\nlines"' },
    { given: '=1+2', want: "'=1+2" },
    { given: '+44', want: "'+44" },
    { given: '-3', want: "'-3" },
    { given: '@SUM(A1)', want: "'@SUM(A1)" },
    { given: '\tx', want: "'\tx" },
    { given: '\rx', want: `"'\rx"` },
    { given: '=HYPERLINK("http://x","y")', want: `"'=HYPERLINK(""http://x"",""y"")"` },
    { given: 'a=b', want: 'a=b' },
  ])('writes $given as $want', ({ given, want }) => {
    expect(csvCell(given)).toBe(want);
  });
});

describe('csvDocument', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(
      csvDocument(
        ['a', 'b'],
        [
          ['1', null],
          ['x,y', 2],
        ],
      ),
    ).toBe('a,b\r\n1,\r\n"x,y",2\r\n');
  });
});
