import { API_BASE, ApiProblem } from './client';
import { CSRF_HEADER, ensureCsrfToken } from './csrf';
import { reportUnauthorized } from './unauthorized';

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SendOptions {
  /** Sent as JSON; left out, the request has no body. */
  body?: unknown;
  /**
   * The ETag of the record as the user saw it: the server answers 412 stale_record when the record
   * changed since (someone else saved it meanwhile).
   */
  ifMatch?: string | null;
  /** Cancels the request (a superseded preview): the promise rejects with the AbortError. */
  signal?: AbortSignal;
}

/** A write's answer: its JSON body (undefined for 204) and the ETag of the record it answered, if any. */
export interface SendResult {
  body: unknown;
  etag: string | null;
}

/**
 * Sends a write to the API (`path` relative to /api/v1, its parameters filled) with the CSRF token
 * and, when given, If-Match; a problem+json answer throws ApiProblem.
 */
export async function sendRequest(method: WriteMethod, path: string, options: SendOptions = {}): Promise<SendResult> {
  const token = await ensureCsrfToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers[CSRF_HEADER] = token;
  if (options.ifMatch) headers['if-match'] = options.ifMatch;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    credentials: 'same-origin',
    headers,
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    ...(options.signal && { signal: options.signal }),
  });
  if (response.status === 401) reportUnauthorized();
  if (!response.ok) throw await ApiProblem.fromResponse(response);
  const text = response.status === 204 ? '' : await response.text();
  return { body: text === '' ? undefined : (JSON.parse(text) as unknown), etag: response.headers.get('etag') };
}

/**
 * Sends a write whose body may come with files (spec `files`, 002 §7): without files as JSON, with
 * them as multipart/form-data, the body in its `jsonBody` part and each file in a part of its
 * name. The browser writes the multipart boundary; the CSRF token and If-Match go as for JSON.
 */
export async function sendWithFiles(
  method: WriteMethod,
  path: string,
  body: unknown,
  files: Readonly<Record<string, File>>,
  options: Omit<SendOptions, 'body'> = {},
): Promise<SendResult> {
  const parts = Object.entries(files);
  if (parts.length === 0) return sendRequest(method, path, { ...options, body });
  const form = new FormData();
  form.append('jsonBody', new Blob([JSON.stringify(body)], { type: 'application/json' }));
  for (const [name, file] of parts) form.append(name, file, file.name);
  const token = await ensureCsrfToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers[CSRF_HEADER] = token;
  if (options.ifMatch) headers['if-match'] = options.ifMatch;
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    credentials: 'same-origin',
    headers,
    body: form,
    ...(options.signal && { signal: options.signal }),
  });
  if (response.status === 401) reportUnauthorized();
  if (!response.ok) throw await ApiProblem.fromResponse(response);
  const text = response.status === 204 ? '' : await response.text();
  return { body: text === '' ? undefined : (JSON.parse(text) as unknown), etag: response.headers.get('etag') };
}
