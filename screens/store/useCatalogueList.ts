import { useEffect, useState } from 'react';
import { fetchList, isAbortError, type Query } from '../../runtime/api/client';
import type { CatalogueProduct } from '../product/productTypes';

export interface CatalogueList<P> {
  products: P[];
  totalCount: number;
  totalPages: number;
  loading: boolean;
}

/**
 * One page of the catalogue for a query. A newer query cancels the older request (a cancelled
 * listing is ignorable, 000 §7); a failed one is logged and shows an empty store.
 * Products not shown in the webstore are never rendered (000 §2.3), whatever the server sends.
 */
export function useCatalogueList<P extends CatalogueProduct>(path: string, query: Query): CatalogueList<P> {
  const [list, setList] = useState<CatalogueList<P>>({ products: [], totalCount: 0, totalPages: 0, loading: true });
  // The query's content, not its identity, decides when to load: callers may rebuild the object each render.
  const queryKey = JSON.stringify(query);

  useEffect(() => {
    const controller = new AbortController();
    setList((current) => ({ ...current, loading: true }));
    fetchList<P>(path, JSON.parse(queryKey) as Query, controller.signal).then(
      (page) =>
        setList({
          products: page.rows.filter((product) => product.show_in_webstore),
          totalCount: page.totalCount,
          totalPages: page.totalPages,
          loading: false,
        }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        console.error(`Loading ${path} failed`, error);
        setList({ products: [], totalCount: 0, totalPages: 0, loading: false });
      },
    );
    return () => controller.abort();
  }, [path, queryKey]);

  return list;
}
