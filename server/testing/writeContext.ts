import type { Knex } from 'knex';
import { DomainError } from '../domain/errors';
import type { RequestContext } from '../http/operationDef';
import { HttpProblem, problemOf } from '../http/problem';
import type { SessionUser } from '../modules/auth/sessionUser';
import { inTransaction } from '../writes/records';

/**
 * Runs a write as the router does, in one transaction with a Records acting as `user`, without
 * HTTP: a refusal rolls everything back. A domain error is answered as the API would answer it
 * (an HttpProblem with its status), so tests read status, code and parameter alike.
 */
export async function asWrite<T>(
  db: Knex,
  user: SessionUser | undefined,
  work: (context: RequestContext) => Promise<T>,
): Promise<T | HttpProblem> {
  const actor = { userId: user?.id ?? null, onBehalfOf: null, ip: '127.0.0.1' };
  try {
    return await inTransaction(db, actor, (records) =>
      work({
        db: records.db,
        records,
        actor,
        user,
        ip: '127.0.0.1',
        now: () => Date.now(),
        cookies: { get: () => undefined, set: () => undefined, renewCsrf: () => undefined },
      }),
    );
  } catch (error) {
    if (error instanceof DomainError) return problemOf(error);
    if (error instanceof HttpProblem) return error;
    throw error;
  }
}
