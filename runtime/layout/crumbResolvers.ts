import { api, unwrap } from '../api/client';

/** Loads the display name of the record a route parameter points at (a breadcrumb `lookup`). */
export type CrumbResolver = (param: string, signal: AbortSignal) => Promise<string>;

/** Resolvers by the `lookup` name used in spec/routes.yaml. */
export const crumbResolvers: Readonly<Record<string, CrumbResolver>> = {
  product: async (param, signal) => {
    const product = await unwrap(api.GET('/products/{id}', { params: { path: { id: Number(param) } }, signal }));
    return product.name;
  },
  // 000 §2.7: a basket without a name is called by its id.
  basket: async (param, signal) => {
    const basket = await unwrap(api.GET('/baskets/{id}', { params: { path: { id: Number(param) } }, signal }));
    return basket.name ?? String(basket.id);
  },
  // 001 §2: a subscription by its name.
  subscription: async (param, signal) => {
    const subscription = await unwrap(api.GET('/subscriptions/{id}', { params: { path: { id: Number(param) } }, signal }));
    return subscription.name;
  },
  // Record pages end in the record's name, as the checkout's trail does (issue 22 item 17).
  order: async (param, signal) => (await unwrap(api.GET('/orders/{id}', { params: { path: { id: Number(param) } }, signal }))).name,
  quote: async (param, signal) => (await unwrap(api.GET('/quotes/{id}', { params: { path: { id: Number(param) } }, signal }))).name,
  inward_quote: async (param, signal) =>
    (await unwrap(api.GET('/quotes/inward/{id}', { params: { path: { id: Number(param) } }, signal }))).name,
  user: async (param, signal) => (await unwrap(api.GET('/users/{id}', { params: { path: { id: Number(param) } }, signal }))).name,
  organisation: async (param, signal) =>
    (await unwrap(api.GET('/organisations/{id}', { params: { path: { id: Number(param) } }, signal }))).name,
  role: async (param, signal) => (await unwrap(api.GET('/roles/{id}', { params: { path: { id: Number(param) } }, signal }))).name,
  product_group: async (param, signal) =>
    (await unwrap(api.GET('/productgroups/{id}', { params: { path: { id: Number(param) } }, signal }))).name,
  feed: async (param, signal) => (await unwrap(api.GET('/feeds/{id}', { params: { path: { id: Number(param) } }, signal }))).name,
  public_product: async (param, signal) => {
    const product = await unwrap(api.GET('/public/webstore/{id}', { params: { path: { id: Number(param) } }, signal }));
    return product.name;
  },
};
