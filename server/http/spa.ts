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

/**
 * Serves the built SPA from distDir: files as they are (hashed assets cached for a year; a missing
 * one is a 404), and index.html for every other GET so history-mode routes survive a reload.
 */
export function spaMiddleware(distDir: string) {
  const indexFile = join(distDir, 'index.html');
  return async (ctx: Context, next: Next): Promise<void> => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return next();
    const candidate = normalize(join(distDir, decodeURIComponent(ctx.path)));
    const inside = candidate.startsWith(distDir + sep);
    if (inside && existsSync(candidate) && statSync(candidate).isFile()) {
      ctx.type = TYPES[extname(candidate)] ?? 'application/octet-stream';
      if (ctx.path.startsWith('/assets/')) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.body = createReadStream(candidate);
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
    ctx.type = TYPES['.html']!;
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = createReadStream(indexFile);
  };
}
