import { useEffect, useState } from 'react';
import { fetchList, isAbortError, type Query } from '../../runtime/api/client';
import type { CatalogueProduct } from '../product/productTypes';

/**
 * The most-popular product (000 §4, §9): the first product shown in the webstore on page 1 of
 * the list sorted by -popularity. Filters do not apply: it is the store's best seller.
 */
export function useMostPopularProduct<P extends CatalogueProduct>(path: string, query: Query): P | null {
  const [product, setProduct] = useState<P | null>(null);
  // Loads again only when the query's content changes, not on every rebuilt object.
  const queryKey = JSON.stringify(query);

  useEffect(() => {
    const controller = new AbortController();
    const popularQuery: Query = { ...(JSON.parse(queryKey) as Query), page: 1, sort_by: '-popularity' };
    fetchList<P>(path, popularQuery, controller.signal).then(
      (page) => setProduct(page.rows.find((row) => row.show_in_webstore) ?? null),
      (error: unknown) => {
        if (isAbortError(error)) return;
        console.error('Loading the most popular product failed', error);
        setProduct(null);
      },
    );
    return () => controller.abort();
  }, [path, queryKey]);

  return product;
}
