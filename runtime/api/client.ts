import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../generated/api';
import { CSRF_HEADER, ensureCsrfToken, needsCsrfToken } from './csrf';
import { ApiProblem } from './problem';
import { serializeQuery, type Query } from './query';
import { reportUnauthorized } from './unauthorized';

export { ApiProblem } from './problem';
export type { ProblemBody } from './problem';
export type { Query, QueryValue } from './query';

export const API_BASE = '/api/v1';

/** Echoes the double-submit cookie on every state-changing call; the server answers 403 `csrf` otherwise. */
const csrfMiddleware: Middleware = {
  async onRequest({ request }) {
    if (!needsCsrfToken(request.method)) return undefined;
    const token = await ensureCsrfToken();
    if (token) request.headers.set(CSRF_HEADER, token);
    return request;
  },
};

/** A 401 from any call means signed out; the session provider reacts to it. */
const unauthorizedMiddleware: Middleware = {
  onResponse({ response }) {
    if (response.status === 401) reportUnauthorized();
    return undefined;
  },
};

/**
 * The typed API client. Arrays go out as repeated parameters and reserved characters are
 * percent-encoded (openapi-fetch's defaults), so `sort_by=+name` is sent as `%2Bname`.
 */
export const api = createClient<paths>({ baseUrl: API_BASE, credentials: 'same-origin' });
api.use(csrfMiddleware, unauthorizedMiddleware);

/** One page of a list call: the rows and the totals from `x-total-count` / `x-total-pages`. */
export interface ListPage<T> {
  rows: T[];
  totalCount: number;
  totalPages: number;
}

/**
 * Fetches one page of a paged list (`GET /products`, `/public/webstore`, …). `path` is relative
 * to /api/v1. Throws ApiProblem on an error answer; an aborted request rejects with the
 * AbortError so callers can ignore superseded loads.
 */
export async function fetchList<T>(path: string, query: Query, signal?: AbortSignal): Promise<ListPage<T>> {
  const queryString = serializeQuery(query);
  const url = `${API_BASE}${path}${queryString ? `?${queryString}` : ''}`;
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (response.status === 401) reportUnauthorized();
  if (!response.ok) throw await ApiProblem.fromResponse(response);
  const rows = (await response.json()) as T[];
  return {
    rows,
    totalCount: readCount(response.headers, 'x-total-count', rows.length),
    totalPages: readCount(response.headers, 'x-total-pages', rows.length > 0 ? 1 : 0),
  };
}

/**
 * Fetches one record (`GET /orders/{id}` with the id filled in), relative to /api/v1. Throws
 * ApiProblem on an error answer; an aborted request rejects with the AbortError.
 */
export async function fetchRecord<T = unknown>(path: string, signal?: AbortSignal): Promise<T> {
  return (await fetchTaggedRecord<T>(path, signal)).record;
}

/**
 * Fetches one record with its ETag (null when the answer has none), which a write of it sends as
 * If-Match so that a change made meanwhile by someone else is refused rather than overwritten.
 */
export async function fetchTaggedRecord<T = unknown>(path: string, signal?: AbortSignal): Promise<{ record: T; etag: string | null }> {
  // no-store: a cached copy would carry an old ETag, and a write would then be refused as stale.
  const response = await fetch(`${API_BASE}${path}`, {
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw await ApiProblem.fromResponse(response);
  return { record: (await response.json()) as T, etag: response.headers.get('etag') };
}

function readCount(headers: Headers, name: string, fallback: number): number {
  const value = Number.parseInt(headers.get(name) ?? '', 10);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

/**
 * Turns an openapi-fetch result into its data, throwing ApiProblem for an error answer:
 * `const product = await unwrap(api.GET('/products/{id}', { params: { path: { id } } }))`.
 */
export async function unwrap<Data>(call: Promise<{ data?: Data; error?: unknown; response: Response }>): Promise<Data> {
  const { data, error, response } = await call;
  if (!response.ok || error !== undefined) throw ApiProblem.fromBody(response.status, error);
  return data as Data;
}

/** True for the rejection of a request cancelled through its AbortSignal (000 §7: ignorable). */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
