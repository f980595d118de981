import { describe, expect, it } from 'vitest';
import { csrfCookie, needsCsrfToken, readCookie } from './csrf';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; hub_csrf=abc%3D%3D; b=2', 'hub_csrf')).toBe('abc==');
  });

  it('does not match a cookie whose name only ends the same', () => {
    expect(readCookie('xhub_csrf=nope', 'hub_csrf')).toBeUndefined();
    expect(readCookie('', 'hub_csrf')).toBeUndefined();
  });
});

describe('csrfCookie', () => {
  it('reads the token under its HTTPS name (__Host-) or its plain one', () => {
    expect(csrfCookie('a=1; __Host-hub_csrf=secure')).toBe('secure');
    expect(csrfCookie('hub_csrf=plain')).toBe('plain');
    expect(csrfCookie('other=1')).toBeUndefined();
  });
});

describe('needsCsrfToken', () => {
  it('is needed for state-changing methods only', () => {
    expect(['POST', 'put', 'PATCH', 'DELETE'].every(needsCsrfToken)).toBe(true);
    expect(['GET', 'HEAD', 'OPTIONS'].some(needsCsrfToken)).toBe(false);
  });
});
