import type { Context, Next } from 'koa';
import { DomainError, type ErrorKind } from '../domain/errors';
import { problemTitles, type ProblemCode } from '../generated/problems';

/**
 * An error the client caused or may act on. Rendered as application/problem+json with a stable
 * `code` and the catalogue key `problem.<code>` as `message_key`.
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: ProblemCode,
    readonly extra: { detail?: string; parameter?: string } = {},
    /** Seconds after which a rate-limited or busy client may try again (the Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status} ${code}${extra.parameter ? ` (${extra.parameter})` : ''}`);
  }
}

export const notFound = () => new HttpProblem(404, 'not_found');
export const forbidden = () => new HttpProblem(403, 'forbidden');
export const unauthenticated = () => new HttpProblem(401, 'unauthenticated');
export { outsideScope } from '../domain/errors';

/** The status each kind of domain error answers with. */
const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  stale: 412,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};

/** A service's refusal as the API answers it: the kind's status, the field as `parameter`. */
export function problemOf(error: DomainError): HttpProblem {
  const { field, detail, retryAfterSeconds } = error.details;
  return new HttpProblem(
    STATUS_OF_KIND[error.kind],
    error.code,
    { ...(detail !== undefined && { detail }), ...(field !== undefined && { parameter: field }) },
    retryAfterSeconds,
  );
}

/** The catalogue's title with its {{placeholders}} filled from the problem's own fields. */
function titleOf(problem: HttpProblem): string {
  const values: Record<string, string | undefined> = problem.extra;
  return problemTitles[problem.code].replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');
}

export function writeProblem(ctx: Context, problem: HttpProblem): void {
  ctx.status = problem.status;
  ctx.type = 'application/problem+json';
  if (problem.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(Math.max(1, Math.ceil(problem.retryAfterSeconds))));
  ctx.body = {
    type: `/problems/${problem.code}`,
    title: titleOf(problem),
    status: problem.status,
    code: problem.code,
    message_key: `problem.${problem.code}`,
    ...problem.extra,
  };
}

/** Koa's own errors (bad JSON, too large) become problems; anything else is a logged 500. */
function fromKoaError(error: unknown): HttpProblem | undefined {
  const status = (error as { status?: unknown }).status;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  if (status === 413) return new HttpProblem(413, 'payload_too_large');
  if (status === 415) return new HttpProblem(415, 'unsupported_media_type');
  if (status === 404) return notFound();
  if (status === 405) return new HttpProblem(405, 'method_not_allowed');
  return new HttpProblem(400, 'bad_request', { detail: 'The request body is not valid JSON.' });
}

export async function problemMiddleware(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (error) {
    const problem = error instanceof HttpProblem ? error : error instanceof DomainError ? problemOf(error) : fromKoaError(error);
    if (problem) {
      writeProblem(ctx, problem);
      return;
    }
    console.error(`[${new Date().toISOString()}] ${ctx.method} ${ctx.path} failed:`, error);
    writeProblem(ctx, new HttpProblem(500, 'internal'));
  }
}
