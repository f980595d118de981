import { DomainError, type ErrorDetails, type ErrorKind } from '../domain/errors';
import type { ProblemCode } from '../generated/problems';
import type { Records } from './records';

/**
 * A refusal that must leave a trace although the request's transaction is rolled back: a feed's
 * Test that failed is answered as a problem and still recorded as a failed run. The router
 * (http/writeRequest.ts) runs `record` in a transaction of its own, as the same caller, after
 * the rollback, then answers the problem.
 */
export class RecordedRefusal extends DomainError {
  constructor(
    kind: ErrorKind,
    code: ProblemCode,
    details: ErrorDetails,
    readonly record: (records: Records) => Promise<void>,
  ) {
    super(kind, code, details);
  }
}
