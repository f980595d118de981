/** The body of an `application/problem+json` answer of the API (api contract). */
export interface ProblemBody {
  type?: string;
  title?: string;
  status: number;
  code: string;
  message_key: string;
  detail?: string;
  parameter?: string;
}

/**
 * An API call that failed. Carries the problem+json body so screens can show its `message_key`
 * and attach `parameter` errors to form fields. Answers that are not problem+json (a proxy error,
 * a network failure) become code `internal` so every failure has a message to show.
 */
export class ApiProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly message_key: string;
  readonly parameter: string | undefined;
  readonly detail: string | undefined;

  constructor(body: ProblemBody) {
    super(body.detail ?? body.title ?? `${body.status} ${body.code}`);
    this.name = 'ApiProblem';
    this.status = body.status;
    this.code = body.code;
    this.message_key = body.message_key;
    this.parameter = body.parameter;
    this.detail = body.detail;
  }

  /** Builds the problem from a failed response and its already parsed body (if any). */
  static fromBody(status: number, body: unknown): ApiProblem {
    if (isProblemBody(body)) return new ApiProblem({ ...body, status: body.status || status });
    return new ApiProblem({ status, code: 'internal', message_key: 'problem.internal' });
  }

  /** Reads the body of a failed fetch Response. */
  static async fromResponse(response: Response): Promise<ApiProblem> {
    const body: unknown = await response.json().catch(() => undefined);
    return ApiProblem.fromBody(response.status, body);
  }
}

function isProblemBody(body: unknown): body is ProblemBody {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Record<string, unknown>;
  return typeof candidate['code'] === 'string' && typeof candidate['message_key'] === 'string';
}
