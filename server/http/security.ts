import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import { HttpProblem } from './problem';

/** The session and CSRF cookies, by their plain names; over HTTPS they carry the __Host- prefix. */
export const SESSION_COOKIE = 'hub_session';
export const CSRF_COOKIE = 'hub_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;
const CSRF_ISSUED = 'csrfIssued';

/**
 * How cookies are written for this deployment (server/settings.ts): over HTTPS (production) they
 * are Secure and `__Host-` prefixed, so no plain-HTTP page and no subdomain can set or read them;
 * `csrfKey` signs the CSRF token of a signed-in session.
 */
export interface CookiePolicy {
  secure: boolean;
  csrfKey: Buffer;
}

function policyOf(ctx: Context): CookiePolicy {
  const policy = ctx.state['cookiePolicy'] as CookiePolicy | undefined;
  if (!policy) throw new Error('cookiePolicy middleware missing');
  return policy;
}

/** Installs the policy for the request; behind a TLS-terminating proxy the connection itself is plain. */
export function cookiePolicy(policy: CookiePolicy) {
  return async (ctx: Context, next: Next): Promise<void> => {
    ctx.state['cookiePolicy'] = policy;
    if (policy.secure) ctx.cookies.secure = true;
    await next();
  };
}

const cookieName = (policy: CookiePolicy, name: string) => (policy.secure ? `__Host-${name}` : name);

export function readCookie(ctx: Context, name: string): string | undefined {
  return ctx.cookies.get(cookieName(policyOf(ctx), name));
}

/** Writes (or, with null, clears) a cookie: SameSite=Lax, path /, Secure over HTTPS. */
export function writeCookie(ctx: Context, name: string, value: string | null, options: { httpOnly: boolean; maxAge?: number }): void {
  const policy = policyOf(ctx);
  ctx.cookies.set(cookieName(policy, name), value, {
    httpOnly: options.httpOnly,
    sameSite: 'lax',
    secure: policy.secure,
    path: '/',
    overwrite: true,
    ...(options.maxAge !== undefined && { maxAge: options.maxAge }),
  });
}

/** The token of an `Authorization: Bearer …` header, if the request has one. */
export function bearerToken(ctx: Context): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'));
  return match ? match[1] : undefined;
}

/** A random token for a caller without a session (the sign-in form's double submit). */
export function newCsrfToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * What is derived from a session cookie (its row id, its CSRF token), remembered for the cookies
 * seen lately: every API call of a signed-in caller needs both, and hashing them anew cost a few
 * per cent of a catalogue page (docs/performance.md). Oldest first out beyond the cap.
 */
const MAX_REMEMBERED_SESSIONS = 10_000;
function remember(map: Map<string, string>, key: string, derive: () => string): string {
  let value = map.get(key);
  if (value === undefined) {
    map.set(key, (value = derive()));
    if (map.size > MAX_REMEMBERED_SESSIONS) map.delete(map.keys().next().value!);
  }
  return value;
}

const sessionIds = new Map<string, string>();

/** The id a session's row is stored under: the SHA-256 of its cookie (the cookie itself is never stored). */
export function sessionIdOf(sessionToken: string): string {
  return remember(sessionIds, sessionToken, () => createHash('sha256').update(sessionToken).digest('hex'));
}

const csrfTokens = new WeakMap<Buffer, Map<string, string>>();

/** A signed-in session's token: an HMAC of its session id under the policy's key. */
function sessionCsrfToken(policy: CookiePolicy, sessionToken: string): string {
  let tokens = csrfTokens.get(policy.csrfKey);
  if (!tokens) csrfTokens.set(policy.csrfKey, (tokens = new Map()));
  return remember(tokens, sessionToken, () =>
    createHmac('sha256', policy.csrfKey)
      .update(`csrf:${sessionIdOf(sessionToken)}`)
      .digest('base64url'),
  );
}

/** Hands out the CSRF token that goes with the session now in force (or a random one without). */
export function issueCsrfToken(ctx: Context, sessionToken: string | null): void {
  ctx.state[CSRF_ISSUED] = true;
  writeCookie(ctx, CSRF_COOKIE, sessionToken ? sessionCsrfToken(policyOf(ctx), sessionToken) : newCsrfToken(), { httpOnly: false });
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A browser's Origin naming another site than the one the request was sent to. */
function foreignOrigin(ctx: Context): boolean {
  const origin = ctx.get('origin');
  if (!origin) return false;
  try {
    return new URL(origin).host !== ctx.get('host');
  } catch {
    return true;
  }
}

/**
 * CSRF protection of state-changing API calls: a browser sending one from another site's page
 * (its Origin) is refused; the call must echo the readable CSRF cookie in a header, which another
 * site cannot read. Signed in, the token is an HMAC of the session id under a server key, so a
 * cookie planted by someone else matches no session; signed out, it is a random double submit.
 */
export async function csrfMiddleware(ctx: Context, next: Next): Promise<void> {
  // A bearer token is no ambient credential: a browser never adds it to another site's request,
  // so an API client's call needs no CSRF token (and its cookies are not read: sessionMiddleware).
  if (bearerToken(ctx) !== undefined) return next();
  const guarded = !SAFE_METHODS.has(ctx.method) && ctx.path.startsWith('/api/');
  const session = readCookie(ctx, SESSION_COOKIE);
  const expected = session ? sessionCsrfToken(policyOf(ctx), session) : undefined;
  const token = readCookie(ctx, CSRF_COOKIE);
  const fits = token !== undefined && (expected ? same(token, expected) : TOKEN_PATTERN.test(token));
  if (!fits && guarded) {
    // The cookie this caller should hold, for its next call; this one cannot carry a matching header.
    issueCsrfToken(ctx, session ?? null);
    throw new HttpProblem(403, 'csrf');
  }
  if (guarded) {
    if (foreignOrigin(ctx)) throw new HttpProblem(403, 'csrf', { detail: 'The request came from another site.' });
    const header = ctx.get(CSRF_HEADER);
    if (!header || !same(header, token!)) throw new HttpProblem(403, 'csrf');
  }
  try {
    await next();
  } finally {
    if (!fits) issueUnlessShared(ctx, session ?? null);
  }
}

/**
 * A safe request gets the cookie it lacks with its answer (an error too: the SPA fetches its token
 * with a GET that may be a 401), unless that answer is one for any
 * visitor (Cache-Control: public, the public catalogue): a Set-Cookie would keep shared caches
 * from storing it, and a cookie given to one visitor must not be replayed to the next. Nor does a
 * sign-in or sign-out that wrote its own token need a second one.
 */
function issueUnlessShared(ctx: Context, session: string | null): void {
  if (/\bpublic\b/.test(ctx.response.get('Cache-Control')) || ctx.state[CSRF_ISSUED]) return;
  issueCsrfToken(ctx, session);
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
  // Answers about one caller's data are never kept by a browser or a shared cache.
  if (ctx.path.startsWith('/api/') && !ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
  if (ctx.state['cookiePolicy'] && policyOf(ctx).secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
