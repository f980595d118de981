import { useEffect, useState } from 'react';
import { api, unwrap } from '../../runtime/api/client';
import { useRouteNavigate } from '../../runtime/routing/useRouteNavigate';
import type { CatalogueProduct, Currency, Product, PublicProduct } from './productTypes';

type Load<P> = (id: number, signal: AbortSignal) => Promise<P>;

export const loadSignedInProduct: Load<Product> = (id, signal) => unwrap(api.GET('/products/{id}', { params: { path: { id } }, signal }));

export function publicProductLoader(currency: Currency): Load<PublicProduct> {
  return (id, signal) => unwrap(api.GET('/public/webstore/{id}', { params: { path: { id }, query: { currency } }, signal }));
}

/**
 * Loads the product of the detail page. An id that is not a number, an unknown or hidden product
 * (404), a product not shown in the webstore or any failed load goes to notFound, replacing the
 * broken address in the history (000 §2.6, §8).
 */
export function useProductDetail<P extends CatalogueProduct>(idParam: string | undefined, load: Load<P>, reloadKey = ''): P | null {
  const goTo = useRouteNavigate();
  const [product, setProduct] = useState<P | null>(null);

  useEffect(() => {
    const id = Number(idParam);
    if (!Number.isInteger(id) || id < 1) {
      goTo('notFound', {}, { replace: true });
      return;
    }
    const controller = new AbortController();
    load(id, controller.signal).then(
      (loaded) => {
        if (controller.signal.aborted) return;
        if (!loaded.show_in_webstore) goTo('notFound', {}, { replace: true });
        else setProduct(loaded);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`Loading product ${id} failed`, error);
        goTo('notFound', {}, { replace: true });
      },
    );
    return () => controller.abort();
    // `load` is rebuilt each render; reloadKey names what it depends on (the public currency).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idParam, reloadKey, goTo]);

  return product;
}
