/** The readable CSRF cookie the server sets (api contract: CSRF); over HTTPS it is __Host- prefixed. */
export const CSRF_COOKIE = 'hub_csrf';
const SECURE_CSRF_COOKIE = `__Host-${CSRF_COOKIE}`;
export const CSRF_HEADER = 'x-csrf-token';

/** The value of a cookie in a `document.cookie` string, or undefined. */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) return decodeURIComponent(part.slice(separator + 1).trim());
  }
  return undefined;
}

/** Methods that change state and therefore must carry the CSRF token. */
export function needsCsrfToken(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

/**
 * The CSRF token of this browser. The server sets the cookie on any answer that lacks it, so when
 * it is missing one cheap GET fetches it (a 401 from whoami is fine; it still carries the cookie).
 */
export async function ensureCsrfToken(): Promise<string | undefined> {
  const existing = csrfCookie(document.cookie);
  if (existing) return existing;
  await fetch('/api/v1/whoami', { credentials: 'same-origin' }).catch(() => undefined);
  return csrfCookie(document.cookie);
}

/** The CSRF token among the page's cookies, under its HTTPS or its plain name. */
export function csrfCookie(cookieHeader: string): string | undefined {
  return readCookie(cookieHeader, SECURE_CSRF_COOKIE) ?? readCookie(cookieHeader, CSRF_COOKIE);
}
