/** The readable double-submit cookie the server sets (api contract: CSRF). */
export const CSRF_COOKIE = 'hub_csrf';
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
  const existing = readCookie(document.cookie, CSRF_COOKIE);
  if (existing) return existing;
  await fetch('/api/v1/whoami', { credentials: 'same-origin' }).catch(() => undefined);
  return readCookie(document.cookie, CSRF_COOKIE);
}
