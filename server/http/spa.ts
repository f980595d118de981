import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { Context, Next } from 'koa';
import { notFound } from './problem';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/**
 * Sends a file, or the brotli or gzip copy the build wrote beside it (runtime/build/
 * precompressPlugin.ts) when the client takes that encoding.
 */
function sendFile(ctx: Context, path: string): void {
  ctx.type = TYPES[extname(path)] ?? 'application/octet-stream';
  if (/\.(js|css|html|svg|json|map)$/.test(path)) {
    ctx.vary('Accept-Encoding');
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (ctx.get('accept-encoding') && ctx.acceptsEncodings(encoding) === encoding && isFile(path + suffix)) {
        ctx.set('Content-Encoding', encoding);
        ctx.length = statSync(path + suffix).size;
        ctx.body = createReadStream(path + suffix);
        return;
      }
    }
  }
  ctx.length = statSync(path).size;
  ctx.body = createReadStream(path);
}

/**
 * Serves the built SPA from distDir: files as they are, or precompressed (hashed assets cached for
 * a year as immutable; a missing one is a 404), and index.html, revalidated each time, for every
 * other GET so history-mode routes survive a reload.
 */
export function spaMiddleware(distDir: string) {
  const indexFile = join(distDir, 'index.html');
  return async (ctx: Context, next: Next): Promise<void> => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return next();
    const candidate = normalize(join(distDir, decodeURIComponent(ctx.path)));
    const inside = candidate.startsWith(distDir + sep);
    if (inside && isFile(candidate)) {
      // Names under /assets/ carry their content's hash: a new build gives new names.
      if (ctx.path.startsWith('/assets/')) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      sendFile(ctx, candidate);
      return;
    }
    // A missing asset is missing: the SPA's page in its place would be run as a script or a style.
    if (ctx.path.startsWith('/assets/')) throw notFound();
    if (!existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web client is not built yet: run `npm start` (it builds it) or `npx vite build`.';
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    sendFile(ctx, indexFile);
  };
}
