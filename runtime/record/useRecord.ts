import { useEffect, useReducer, useRef, useState } from 'react';
import { ApiProblem, fetchTaggedRecord, isAbortError } from '../api/client';

/** The record with its ETag, which writes of it send as If-Match (null when the answer has none). */
export type RecordLoad =
  { status: 'loading' } | { status: 'loaded'; record: unknown; etag: string | null } | { status: 'failed'; error: ApiProblem };

/**
 * Loads one record: `path` is the get operation's path (`/orders/{id}`), relative to /api/v1.
 * `reload` loads it again in the background, keeping the record on screen until the new one arrives
 * (after an action or a save: new values, new ETag).
 */
export function useRecord(path: string, id: string | undefined): RecordLoad & { reload: () => void } {
  const [load, setLoad] = useState<RecordLoad>({ status: 'loading' });
  const [reloads, reload] = useReducer((count: number) => count + 1, 0);
  const handled = useRef(reloads);
  useEffect(() => {
    const reloading = reloads !== handled.current;
    handled.current = reloads;
    if (id === undefined) {
      setLoad({ status: 'failed', error: ApiProblem.fromBody(404, undefined) });
      return undefined;
    }
    const controller = new AbortController();
    // A first load (or another record) shows the spinner; a reload keeps the record shown.
    setLoad((current) => (reloading && current.status === 'loaded' ? current : { status: 'loading' }));
    fetchTaggedRecord(path.replace('{id}', encodeURIComponent(id)), controller.signal)
      .then(({ record, etag }) => setLoad({ status: 'loaded', record, etag }))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setLoad({ status: 'failed', error: error instanceof ApiProblem ? error : ApiProblem.fromBody(0, undefined) });
      });
    return () => controller.abort();
  }, [path, id, reloads]);
  return { ...load, reload };
}
