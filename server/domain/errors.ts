import type { ProblemCode } from '../generated/problems';

/**
 * What kind of refusal a domain error is. Services speak in these terms and run without HTTP
 * (a job, a workflow); the API edge maps each kind to a status (http/problem.ts).
 */
export type ErrorKind =
  | 'invalid' // the input breaks a rule of its own (400)
  | 'unauthenticated' // nobody is signed in (401)
  | 'forbidden' // the caller may not do this (403)
  | 'not_found' // no such record, or none the caller may see (404)
  | 'conflict' // the record's state or another record forbids it: a duplicate, a wrong status (409)
  | 'stale' // the record changed since the caller read it (412)
  | 'unprocessable' // the input names something that cannot be used: an unknown or out-of-scope reference (422)
  | 'rate_limited' // the caller asked too often: try again after `retryAfterSeconds` (429)
  | 'unavailable'; // the server is too busy now: try again after `retryAfterSeconds` (503)

export interface ErrorDetails {
  /** The input field the error is about, so a form can show it there. */
  field?: string;
  /** A sentence for developers and logs; users see the catalogue's message. */
  detail?: string;
  /** Seconds after which a rate-limited or busy caller may try again (the API's Retry-After). */
  retryAfterSeconds?: number;
}

/**
 * A rule a service refused to break. `code` is stable and names the catalogue message
 * `problem.<code>`; `field` lets a form put the message beside the field.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: ProblemCode,
    readonly details: ErrorDetails = {},
  ) {
    super(`${kind} ${code}${details.field ? ` (${details.field})` : ''}`);
  }

  get messageKey(): `problem.${ProblemCode}` {
    return `problem.${this.code}`;
  }
}

export const recordNotFound = () => new DomainError('not_found', 'not_found');
/** Nobody is signed in where someone must be. */
export const notSignedIn = () => new DomainError('unauthenticated', 'unauthenticated');
export const notAllowed = () => new DomainError('forbidden', 'forbidden');
/** A body naming an organisation (or a record in one) the caller may not use. */
export const outsideScope = (field: string) =>
  new DomainError('unprocessable', 'outside_scope', { field, detail: `${field} is not one you may use` });
export const duplicateValue = (field: string) =>
  new DomainError('conflict', 'duplicate_value', { field, detail: `${field} is already taken` });
/** A field a checkout or a quote's order needs is missing (000 §4, 001 §2, §5). */
export const incompleteField = (field: string, detail: string) =>
  new DomainError('unprocessable', 'checkout_complete_required_fields', { field, detail });
export const invalidValue = (field: string, detail: string) => new DomainError('invalid', 'invalid_body', { field, detail });
