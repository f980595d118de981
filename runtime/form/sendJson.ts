import { API_BASE, ApiProblem } from '../api/client';
import { CSRF_HEADER, ensureCsrfToken } from '../api/csrf';
import { reportUnauthorized } from '../api/unauthorized';

/**
 * Sends a form's data to a generic create or update (`path` relative to /api/v1, `{id}` filled)
 * with the CSRF token; the answer is the saved record, a problem+json throws ApiProblem.
 */
export async function sendJson(method: 'POST' | 'PUT', path: string, body: unknown): Promise<unknown> {
  const token = await ensureCsrfToken();
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json', ...(token && { [CSRF_HEADER]: token }) },
    body: JSON.stringify(body),
  });
  if (response.status === 401) reportUnauthorized();
  if (!response.ok) throw await ApiProblem.fromResponse(response);
  return (await response.json()) as unknown;
}
