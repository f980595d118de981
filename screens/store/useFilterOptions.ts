import { useEffect, useState } from 'react';
import { fetchList, isAbortError } from '../../runtime/api/client';
import type { ProductTypeSummary, VendorSummary } from '../product/productTypes';

export interface FilterOptions {
  vendors: VendorSummary[];
  types: ProductTypeSummary[];
}

/** The vendor and product-type checklists of the filter panel (GET /vendors, /product_types; public). */
export function useFilterOptions(): FilterOptions {
  const [options, setOptions] = useState<FilterOptions>({ vendors: [], types: [] });
  useEffect(() => {
    const controller = new AbortController();
    const load = <T,>(path: string) =>
      fetchList<T>(path, {}, controller.signal).then(
        (page) => page.rows,
        (error: unknown) => {
          // A missing checklist narrows nothing; the rest of the store still works (000 §7: logged, yields nothing).
          if (!isAbortError(error)) console.error(`Loading ${path} failed`, error);
          return [] as T[];
        },
      );
    void Promise.all([load<VendorSummary>('/vendors'), load<ProductTypeSummary>('/product_types')]).then(([vendors, types]) => {
      if (!controller.signal.aborted) setOptions({ vendors, types });
    });
    return () => controller.abort();
  }, []);
  return options;
}
