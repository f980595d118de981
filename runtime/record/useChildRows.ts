import { useEffect, useReducer, useRef, useState } from 'react';
import { ApiProblem, fetchList, isAbortError } from '../api/client';

export type ChildRowsLoad =
  | { status: 'loading' }
  | { status: 'loaded'; rows: readonly Record<string, unknown>[]; totalPages: number }
  | { status: 'failed'; error: ApiProblem };

/**
 * Loads a child list of a record: `path` is its operation's path (`/organisations/{id}/audit_logs`),
 * relative to /api/v1; `page` is sent only for paged lists. `reload` loads the page again in the
 * background, keeping the rows shown (after a row action or a toggle).
 */
export function useChildRows(path: string, id: string, page: number | undefined): ChildRowsLoad & { reload: () => void } {
  const [load, setLoad] = useState<ChildRowsLoad>({ status: 'loading' });
  const [reloads, reload] = useReducer((count: number) => count + 1, 0);
  const handled = useRef(reloads);
  useEffect(() => {
    const controller = new AbortController();
    // Only a reload of the rows shown keeps them; another page or record waits with the spinner.
    const reloading = reloads !== handled.current;
    handled.current = reloads;
    setLoad((current) => (reloading && current.status === 'loaded' ? current : { status: 'loading' }));
    const recordPath = path.replace('{id}', encodeURIComponent(id));
    fetchList<Record<string, unknown>>(recordPath, page === undefined ? {} : { page }, controller.signal)
      .then(({ rows, totalPages }) => setLoad({ status: 'loaded', rows, totalPages }))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setLoad({ status: 'failed', error: error instanceof ApiProblem ? error : ApiProblem.fromBody(0, undefined) });
      });
    return () => controller.abort();
  }, [path, id, page, reloads]);
  return { ...load, reload };
}
