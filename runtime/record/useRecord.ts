import { useEffect, useState } from 'react';
import { ApiProblem, fetchRecord, isAbortError } from '../api/client';

export type RecordLoad = { status: 'loading' } | { status: 'loaded'; record: unknown } | { status: 'failed'; error: ApiProblem };

/** Loads one record: `path` is the get operation's path (`/orders/{id}`), relative to /api/v1. */
export function useRecord(path: string, id: string | undefined): RecordLoad {
  const [load, setLoad] = useState<RecordLoad>({ status: 'loading' });
  useEffect(() => {
    if (id === undefined) {
      setLoad({ status: 'failed', error: ApiProblem.fromBody(404, undefined) });
      return undefined;
    }
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchRecord(path.replace('{id}', encodeURIComponent(id)), controller.signal)
      .then((record) => setLoad({ status: 'loaded', record }))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setLoad({ status: 'failed', error: error instanceof ApiProblem ? error : ApiProblem.fromBody(0, undefined) });
      });
    return () => controller.abort();
  }, [path, id]);
  return load;
}
