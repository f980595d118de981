import { useEffect } from 'react';
import { api, isAbortError, unwrap } from '../../runtime/api/client';
import { useRouteNavigate } from '../../runtime/routing/useRouteNavigate';
import { Spinner } from '../../runtime/ui/Spinner';
import { CHECKOUT_QUERY, checkoutTarget } from './checkoutTarget';

/**
 * /webstore/checkout (000 §2.1): asks the baskets list for those with line items and replaces the
 * address with the one basket's checkout, or the baskets list; a spinner meanwhile. A failed call
 * goes to the list too, which shows the error where the user can act on it.
 */
export function CheckoutRedirect() {
  const goTo = useRouteNavigate();
  useEffect(() => {
    const controller = new AbortController();
    const call = api.GET('/baskets', { params: { query: CHECKOUT_QUERY }, signal: controller.signal });
    const decide = async () => {
      const rows = await unwrap(call);
      const total = Number.parseInt((await call).response.headers.get('x-total-count') ?? '', 10);
      return checkoutTarget(rows, Number.isFinite(total) ? total : rows.length);
    };
    decide()
      .then((target) => goTo(target.route, target.params, { replace: true }))
      .catch((error: unknown) => {
        if (!isAbortError(error)) goTo('baskets', {}, { replace: true });
      });
    return () => controller.abort();
  }, [goTo]);
  return <Spinner />;
}
