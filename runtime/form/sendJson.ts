import { sendRequest } from '../api/send';

/**
 * Sends a form's data to a generic create or update (`path` relative to /api/v1, `{id}` filled)
 * with the CSRF token; the answer is the saved record, a problem+json throws ApiProblem.
 */
export async function sendJson(method: 'POST' | 'PUT', path: string, body: unknown): Promise<unknown> {
  return (await sendRequest(method, path, { body })).body;
}
