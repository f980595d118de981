import { useEffect, useState } from 'react';
import { API_BASE, ApiProblem, isAbortError } from '../api/client';

export type ChildRowsLoad =
  | { status: 'loading' }
  | { status: 'loaded'; rows: readonly Record<string, unknown>[]; totalPages: number }
  | { status: 'failed'; error: ApiProblem };

/**
 * Loads a child list of a record: `path` is its operation's path (`/organisations/{id}/audit_logs`),
 * relative to /api/v1; `page` is sent only for paged lists, whose x-total-pages header is read.
 */
export function useChildRows(path: string, id: string, page: number | undefined): ChildRowsLoad {
  const [load, setLoad] = useState<ChildRowsLoad>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    const url = `${API_BASE}${path.replace('{id}', encodeURIComponent(id))}${page === undefined ? '' : `?page=${page}`}`;
    fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' }, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw await ApiProblem.fromResponse(response);
        const rows = (await response.json()) as Record<string, unknown>[];
        setLoad({ status: 'loaded', rows, totalPages: Number(response.headers.get('x-total-pages') ?? 1) });
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setLoad({ status: 'failed', error: error instanceof ApiProblem ? error : ApiProblem.fromBody(0, undefined) });
      });
    return () => controller.abort();
  }, [path, id, page]);
  return load;
}
