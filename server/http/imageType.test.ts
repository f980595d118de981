// shared/files/imageType.ts, tested here beside the uploads that use it: its fixtures are built with node:zlib.
import { describe, expect, it } from 'vitest';
import { PNG_HTML_POLYGLOT, PNG_WITH_SCRIPT_TEXT, SCRIPTED_SVG, TINY_GIF, TINY_JPEG, TINY_WEBP, solidPng } from '../testing/images';
import { holdsMarkup, imageTypeOf } from '../../shared/files/imageType';

const png = solidPng(4, 3, '#1f4e79');

describe('imageTypeOf', () => {
  it('reads each accepted format from its bytes', () => {
    expect(imageTypeOf(png)).toBe('image/png');
    expect(imageTypeOf(TINY_JPEG)).toBe('image/jpeg');
    expect(imageTypeOf(TINY_GIF)).toBe('image/gif');
    expect(imageTypeOf(TINY_WEBP)).toBe('image/webp');
  });

  it('accepts a JPEG with zero padding after its end marker, and a WebP with its pad byte', () => {
    expect(imageTypeOf(Buffer.concat([TINY_JPEG, Buffer.alloc(16)]))).toBe('image/jpeg');
    expect(imageTypeOf(Buffer.concat([TINY_WEBP, Buffer.alloc(1)]))).toBe('image/webp');
  });

  it('refuses what is not an image, whatever it is called', () => {
    expect(imageTypeOf(SCRIPTED_SVG)).toBeUndefined();
    expect(imageTypeOf(Buffer.from('<!DOCTYPE html><html><body>hi</body></html>'))).toBeUndefined();
    expect(imageTypeOf(Buffer.from('%PDF-1.7\n'))).toBeUndefined();
    expect(imageTypeOf(Buffer.alloc(0))).toBeUndefined();
    expect(imageTypeOf(Buffer.from('GIF8'))).toBeUndefined();
  });

  it('refuses a signature on the wrong body: truncated, with bytes after the end, or chunks that do not add up', () => {
    expect(imageTypeOf(png.subarray(0, png.length - 5))).toBeUndefined();
    expect(imageTypeOf(Buffer.concat([png, Buffer.from([0])]))).toBeUndefined();
    expect(imageTypeOf(TINY_JPEG.subarray(0, TINY_JPEG.length - 2))).toBeUndefined();
    expect(imageTypeOf(TINY_GIF.subarray(0, TINY_GIF.length - 1))).toBeUndefined();
    expect(imageTypeOf(Buffer.concat([TINY_WEBP, Buffer.alloc(8)]))).toBeUndefined();
    const wrongFirstChunk = Buffer.from(png);
    wrongFirstChunk.write('IDAT', 12, 'ascii');
    expect(imageTypeOf(wrongFirstChunk)).toBeUndefined();
    const longChunk = Buffer.from(png);
    longChunk.writeUInt32BE(0xffff, 8);
    expect(imageTypeOf(longChunk)).toBeUndefined();
  });

  it('refuses polyglots: HTML after a whole PNG, or inside one of its chunks', () => {
    expect(imageTypeOf(PNG_HTML_POLYGLOT)).toBeUndefined();
    expect(imageTypeOf(PNG_WITH_SCRIPT_TEXT)).toBeUndefined();
    const jpegWithComment = Buffer.concat([
      TINY_JPEG.subarray(0, 2),
      Buffer.from([0xff, 0xfe, 0x00, 0x12]),
      Buffer.from('<SCRIPT>x</SCRIPT>'),
      TINY_JPEG.subarray(2),
    ]);
    expect(imageTypeOf(jpegWithComment)).toBeUndefined();
  });
});

describe('holdsMarkup', () => {
  it('finds markup openers in any case, and nothing in plain bytes', () => {
    expect(holdsMarkup(Buffer.from('xx<ScRiPt>'))).toBe(true);
    expect(holdsMarkup(Buffer.from('a <svg'))).toBe(true);
    expect(holdsMarkup(Buffer.from('1 < 2, <b>bold</b>, <x:xmpmeta>'))).toBe(false);
    expect(holdsMarkup(png)).toBe(false);
  });
});
