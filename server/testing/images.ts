import { crc32, deflateSync } from 'node:zlib';

/**
 * Small, real image files for upload tests, built byte by byte (no image tool is installed):
 * each is what its format's specification says, so browsers display them.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A width × height PNG filled with one colour (#rrggbb), 8-bit RGB; `extra` chunks go before IDAT. */
export function solidPng(width: number, height: number, colour: string, extra: { type: string; data: Buffer }[] = []): Buffer {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r!, g!, b!]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...extra.map((chunk) => pngChunk(chunk.type, chunk.data)),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1 × 1 GIF89a (a black pixel). */
export const TINY_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A 1 × 1 baseline JPEG (white), as encoders write the smallest one. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

/** A 1 × 1 lossless WebP. */
export const TINY_WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** An SVG logo with a script in it: a document, never an accepted image. */
export const SCRIPTED_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

/** A PNG with an HTML page after its IEND: what a browser sniffing content could render as a page. */
export const PNG_HTML_POLYGLOT = Buffer.concat([
  solidPng(2, 2, '#000000'),
  Buffer.from('<html><body><script>alert(1)</script></body></html>'),
]);

/** A whole PNG hiding HTML in a text chunk. */
export const PNG_WITH_SCRIPT_TEXT = solidPng(2, 2, '#000000', [{ type: 'tEXt', data: Buffer.from('Comment\0<script>alert(1)</script>') }]);
