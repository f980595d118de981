import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { derivedKey, keyRing } from '../../db/secrets';

/**
 * OWASP's device cookie: a browser that signed in to an account gets a signed token naming the
 * account and a device id, so its later attempts are judged on its own failures only
 * (loginThrottle.ts). HttpOnly, kept a year; a new key (docs/secrets.md) makes old ones untrusted.
 */
export const DEVICE_COOKIE = 'hub_device';
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 3600_000;

function signature(userId: number, device: string): Buffer {
  return createHmac('sha256', derivedKey(keyRing(), 'device cookie')).update(`${userId}:${device}`).digest();
}

/** The device id of a cookie issued for this user, or null for any other value. */
export function deviceOf(cookie: string | undefined, userId: number | undefined): string | null {
  if (!cookie || userId === undefined) return null;
  const [device = '', signed = ''] = cookie.split('.');
  if (!/^[A-Za-z0-9_-]{22}$/.test(device)) return null;
  const given = Buffer.from(signed, 'base64url');
  const expected = signature(userId, device);
  return given.length === expected.length && timingSafeEqual(given, expected) ? device : null;
}

/** The cookie value for this user: the device id it already had, or a new one. */
export function deviceCookieFor(userId: number, device: string | null): string {
  const id = device ?? randomBytes(16).toString('base64url');
  return `${id}.${signature(userId, id).toString('base64url')}`;
}
