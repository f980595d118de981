import { useEffect, useState } from 'react';
import { fetchRecord, isAbortError } from '../../runtime/api/client';

/** How long after the last keystroke a typed value is checked with the server (000 §4, §5). */
export const RECHECK_MS = 500;

/**
 * 000 §5, 001 §5: whether the PO number typed is already on an order of the user's organisation,
 * asked of `GET /lookup/purchase_order_number` 500 ms after typing, when the organisation forces
 * uniqueness. `kept` is a number already saved on the record, never reported as taken by itself.
 * The warning is comfort only: placing the order is refused (409) if the number is taken by then.
 */
export function usePurchaseOrderTaken(number: string | null | undefined, forced: boolean, kept: string | null = null): boolean {
  const [taken, setTaken] = useState(false);
  const po = number?.trim() ?? '';
  useEffect(() => {
    if (!forced || po === '' || po === (kept ?? '')) {
      setTaken(false);
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchRecord<{ taken: boolean }>(
        `/lookup/purchase_order_number?${new URLSearchParams({ number: po }).toString()}`,
        controller.signal,
      ).then(
        (answer) => setTaken(answer.taken),
        (error: unknown) => !isAbortError(error) && setTaken(false),
      );
    }, RECHECK_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [po, forced, kept]);
  return taken;
}
