import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import { HttpProblem } from './problem';

export const CSRF_COOKIE = 'hub_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A fresh double-submit token; a new one is handed out whenever the signed-in identity changes. */
export function newCsrfToken(): string {
  return randomBytes(24).toString('base64url');
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit CSRF protection: every client gets a readable random cookie, and a state-changing
 * API call must echo it in a header, which another site's page cannot read or set.
 */
export async function csrfMiddleware(ctx: Context, next: Next): Promise<void> {
  let token = ctx.cookies.get(CSRF_COOKIE);
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) {
    token = newCsrfToken();
    ctx.cookies.set(CSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure: ctx.secure, overwrite: true });
    // A request that arrived without the cookie cannot carry a matching header either.
    if (!SAFE_METHODS.has(ctx.method) && ctx.path.startsWith('/api/')) throw new HttpProblem(403, 'csrf');
  }
  if (!SAFE_METHODS.has(ctx.method) && ctx.path.startsWith('/api/')) {
    const header = ctx.get(CSRF_HEADER);
    if (!header || !same(header, token)) throw new HttpProblem(403, 'csrf');
  }
  await next();
}

export async function securityHeaders(ctx: Context, next: Next): Promise<void> {
  await next();
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Referrer-Policy', 'same-origin');
  ctx.set(
    'Content-Security-Policy',
    "default-src 'self'; img-src 'self' data: https:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'",
  );
}
