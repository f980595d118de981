import { notSignedIn, recordNotFound } from '../../domain/errors';
import type { Knex } from 'knex';
import type { Handler } from '../../http/operationDef';
import { defaultPriceList, priceListFor, priceListForRecipient, type PriceListChoice } from './priceLists';
import { normalisedQuery } from '../../db/versionedCache';
import { catalogueView, type CatalogueView } from './pageCache';
import { filteredProducts, type PriceColumn } from './productQuery';
import { pageOfProducts, type Counter, type PageQuery } from './productPage';
import { PRODUCT_COLUMNS, productsToPublicViews, productsToViews } from './productViews';

/** The page cache's counter for one filter set (sort and page left out) of one list and price column. */
function counterFor(view: CatalogueView, list: PriceListChoice, query: PageQuery, priceColumn: PriceColumn): Counter {
  const filters = normalisedQuery(query as unknown as Record<string, unknown>, ['page', 'per_page', 'sort_by']);
  return (part, compute) => view.count(`${priceColumn}|${list.id}|${filters}|${part}`, compute);
}

const pageKey = (kind: string, list: PriceListChoice, query: PageQuery) =>
  `${kind}|${list.id}|${list.currency}|${normalisedQuery(query as unknown as Record<string, unknown>)}`;

/**
 * A product whose detail the caller may open. Unknown and hidden products look the same (000 §2.6);
 * inactive and draft ones are listed but, as their tiles carry no link for anyone but root staff
 * (000 §2.3), their detail is root's only.
 */
async function visibleProduct(db: Knex, id: number, list: PriceListChoice, root: boolean): Promise<Record<string, unknown>> {
  const query = filteredProducts(db, list.id, { sort_by: '-popularity' }, 'price').where('p.id', id);
  if (!root) query.where('p.active', true).where('p.draft', false);
  const row = await query.first(PRODUCT_COLUMNS);
  if (!row) throw recordNotFound();
  return row as Record<string, unknown>;
}

/**
 * The signed-in listing: the same for every buyer of one price list, so cached by list and query
 * (pageCache.ts); privately, as it shows buy prices.
 */
export const listProducts: Handler<'listProducts'> = async ({ query }, { db, user, versions }) => {
  if (!user) throw notSignedIn();
  const view = await catalogueView(db, versions);
  const { assigned_price_list_id: assigned, currency } = user.organisation;
  const list = await view.list(`buyer|${assigned}|${currency}`, () => priceListFor(db, user));
  return view.page(pageKey('products', list, query), 'private', async () => {
    const page = await pageOfProducts(db, list, query, 'price', counterFor(view, list, query, 'price'));
    return { rows: await productsToViews(db, page.rows, list), total: page.total };
  });
};

export const getProduct: Handler<'getProduct'> = async ({ params, query }, { db, user }) => {
  if (!user) throw notSignedIn();
  const list = query.organisation === undefined ? await priceListFor(db, user) : await priceListForRecipient(db, user, query.organisation);
  if (!list) throw recordNotFound();
  const [view] = await productsToViews(db, [await visibleProduct(db, params.id, list, user.root)], list);
  if (!view) throw recordNotFound();
  return view;
};

/** The public store's listing: the same for every visitor, so cached by query and shareable (pageCache.ts). */
export const listPublicWebstore: Handler<'listPublicWebstore'> = async ({ query }, { db, versions }) => {
  const view = await catalogueView(db, versions);
  const list = await view.list(`default|${query.currency}`, () => defaultPriceList(db, query.currency));
  return view.page(pageKey('public', list, query), 'public', async () => {
    const page = await pageOfProducts(db, list, query, 'rrp', counterFor(view, list, query, 'rrp'));
    return { rows: await productsToPublicViews(db, page.rows, list), total: page.total };
  });
};

export const getPublicProduct: Handler<'getPublicProduct'> = async ({ params, query }, { db }) => {
  const list = await defaultPriceList(db, query.currency);
  const [view] = await productsToPublicViews(db, [await visibleProduct(db, params.id, list, false)], list);
  if (!view) throw recordNotFound();
  return view;
};
