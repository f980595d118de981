import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Context, Next } from 'koa';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Below this a compressed answer saves less than its headers and the work cost. */
const MIN_BYTES = 1024;
/**
 * Up to this size an answer is compressed on the event loop's thread: 1–37 KB of JSON took 70–290
 * µs of CPU so, and 180–575 µs when handed to libuv's thread pool (a new stream and a hand-over per
 * answer), which was 6 % of what the order actions cost the server (issue 20). Larger answers (an
 * export, a long list) go to the pool and leave the loop free meanwhile.
 */
const SYNC_MAX_BYTES = 64 * 1024;
const COMPRESSIBLE = /json|text|javascript|svg|xml/;
/**
 * Brotli at quality 5: close to gzip -9's speed, a sixth smaller on JSON; the top qualities cost
 * tens of milliseconds a page, spent only on static assets at build time (runtime/build). The size
 * hint lets the encoder size its window to the answer rather than to its 4 MiB default.
 */
const brotliOptions = (size: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});

type Encoding = 'br' | 'gzip';

/**
 * Compressed forms of Buffers that are sent more than once (a cached catalogue page's bytes,
 * server/modules/catalogue/pageCache.ts): compressed once, kept as long as the Buffer lives.
 */
const compressedBuffers = new WeakMap<Buffer, Map<Encoding, Promise<Buffer>>>();

async function compress(buffer: Buffer, encoding: Encoding): Promise<Buffer> {
  if (buffer.length <= SYNC_MAX_BYTES)
    return encoding === 'br' ? brotliCompressSync(buffer, brotliOptions(buffer.length)) : gzipSync(buffer);
  return encoding === 'br' ? brotli(buffer, brotliOptions(buffer.length)) : gzipped(buffer);
}

function compressOnce(buffer: Buffer, encoding: Encoding): Promise<Buffer> {
  let forms = compressedBuffers.get(buffer);
  if (!forms) compressedBuffers.set(buffer, (forms = new Map()));
  let made = forms.get(encoding);
  if (!made) forms.set(encoding, (made = compress(buffer, encoding)));
  return made;
}

/** The encoding the client asked for (br before gzip), or none: no Accept-Encoding means identity. */
function chosenEncoding(ctx: Context): Encoding | undefined {
  if (!ctx.get('accept-encoding')) return undefined;
  // The server's preference, whatever order the client lists them in (browsers put gzip first).
  if (ctx.acceptsEncodings('br') === 'br') return 'br';
  if (ctx.acceptsEncodings('gzip') === 'gzip') return 'gzip';
  return undefined;
}

/**
 * Compresses answers built in memory (JSON, the API reference, problems) with brotli or gzip as the
 * client accepts. Streams (static files) are left alone: the SPA middleware serves their
 * precompressed forms (server/http/spa.ts).
 */
export async function compression(ctx: Context, next: Next): Promise<void> {
  await next();
  const body: unknown = ctx.body;
  if (body === null || body === undefined || ctx.method === 'HEAD' || ctx.status === 204 || ctx.status === 304) return;
  if (ctx.response.get('Content-Encoding') || typeof (body as { pipe?: unknown }).pipe === 'function') return;
  if (!COMPRESSIBLE.test(ctx.type)) return;
  ctx.vary('Accept-Encoding');
  const encoding = chosenEncoding(ctx);
  if (!encoding) return;
  const reused = Buffer.isBuffer(body);
  const buffer = reused ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  if (buffer.length < MIN_BYTES) return;
  const type = ctx.type;
  ctx.body = await (reused ? compressOnce(buffer, encoding) : compress(buffer, encoding));
  ctx.type = type;
  ctx.set('Content-Encoding', encoding);
}
