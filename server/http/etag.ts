import { createHash } from 'node:crypto';

/**
 * A record's ETag: a hash of its answer, so it changes exactly when what the user sees of the
 * record does (a renamed organisation changes its users' pages too). Weak, as the body is
 * compared as JSON, not byte by byte.
 */
export function etagOf(body: unknown): string {
  return `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether an If-Match / If-None-Match list names the tag (`*` names any), compared weakly (RFC 9110 §13.1). */
export function tagListMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}
