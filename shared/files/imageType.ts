/**
 * The type of an uploaded image, read from its bytes, never from its name or the type the client
 * claims (002 §5 "Branding files accept only images"; docs/backoffice.md "Custom branding").
 *
 * Four raster formats are accepted: PNG, JPEG, GIF and WebP. SVG is not: it is a document that can
 * carry script. Beyond its signature, each file must be whole in its format's own terms (a PNG's
 * chunks up to IEND and nothing after it, a GIF's trailer, a JPEG's end-of-image marker, a WebP's
 * RIFF length) and hold no HTML markup anywhere, so that a PNG/HTML polyglot is refused too.
 *
 * Written here rather than taken from a library: the maintained one, file-type, needs a newer Node
 * than this project's (20), and it identifies formats by their first bytes only, which is the
 * smaller half of this check. It runs in the browser too (the editor's warning before Save).
 */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export const IMAGE_TYPES: readonly ImageType[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** The file name extension of each accepted type. */
export const IMAGE_EXTENSIONS: Readonly<Record<ImageType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const ascii = (bytes: Uint8Array, at: number, text: string) => text.split('').every((char, i) => bytes[at + i] === char.charCodeAt(0));
const u32be = (bytes: Uint8Array, at: number) =>
  ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
const u32le = (bytes: Uint8Array, at: number) =>
  bytes[at]! + (bytes[at + 1]! << 8) + (bytes[at + 2]! << 16) + ((bytes[at + 3]! << 24) >>> 0);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG: its signature, an IHDR chunk first, then chunks whose lengths add up, ending with IEND at the file's end. */
function isPng(bytes: Uint8Array): boolean {
  if (bytes.length < 8 + 25 + 12 || !PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return false;
  let at = 8;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = u32be(bytes, at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (!/^[A-Za-z]{4}$/.test(type) || length > 0x7fffffff) return false;
    if (first && (type !== 'IHDR' || length !== 13)) return false;
    first = false;
    at += 12 + length;
    if (type === 'IEND') return length === 0 && at === bytes.length;
  }
  return false;
}

/** A GIF: GIF87a or GIF89a, its logical screen descriptor, and the trailer byte last. */
function isGif(bytes: Uint8Array): boolean {
  return bytes.length >= 14 && (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) && bytes[bytes.length - 1] === 0x3b;
}

/** A JPEG: start-of-image, then a marker, and end-of-image last (zero bytes of padding after it allowed). */
function isJpeg(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return false;
  let end = bytes.length;
  while (end > 4 && bytes[end - 1] === 0) end--;
  return bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9;
}

/** A WebP: a RIFF container of type WEBP whose length is the file's, with a VP8, VP8L or VP8X chunk first. */
function isWebp(bytes: Uint8Array): boolean {
  if (bytes.length < 20 || !ascii(bytes, 0, 'RIFF') || !ascii(bytes, 8, 'WEBP')) return false;
  if (!['VP8 ', 'VP8L', 'VP8X'].some((chunk) => ascii(bytes, 12, chunk))) return false;
  const declared = u32le(bytes, 4) + 8;
  return declared === bytes.length || declared + 1 === bytes.length;
}

/**
 * Markup a browser would run or render as a page. None of it belongs in an image; found anywhere
 * (a comment, a text chunk, bytes after the image), the file is refused.
 */
const MARKUP = ['<script', '<html', '<!doctype', '<svg', '<iframe', '<body', '<object', '<embed'].map((text) =>
  new TextEncoder().encode(text),
);

function lowerAscii(byte: number): number {
  return byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte;
}

/** Whether the bytes hold one of the markup openers above, in any case. */
export function holdsMarkup(bytes: Uint8Array): boolean {
  for (let at = bytes.indexOf(0x3c); at !== -1; at = bytes.indexOf(0x3c, at + 1)) {
    if (MARKUP.some((pattern) => pattern.every((byte, i) => lowerAscii(bytes[at + i] ?? 0) === byte))) return true;
  }
  return false;
}

/** The file's image type, or undefined when it is not a whole PNG, JPEG, GIF or WebP free of markup. */
export function imageTypeOf(bytes: Uint8Array): ImageType | undefined {
  const type = isPng(bytes)
    ? 'image/png'
    : isJpeg(bytes)
      ? 'image/jpeg'
      : isGif(bytes)
        ? 'image/gif'
        : isWebp(bytes)
          ? 'image/webp'
          : undefined;
  return type && !holdsMarkup(bytes) ? type : undefined;
}
