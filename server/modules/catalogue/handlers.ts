import type { Knex } from 'knex';
import type { Handler } from '../../http/operationDef';
import { notFound, unauthenticated } from '../../http/problem';
import { defaultPriceList, priceListFor, priceListForRecipient, type PriceListChoice } from './priceLists';
import { filteredProducts } from './productQuery';
import { pageOfProducts } from './productPage';
import { PRODUCT_COLUMNS, productsToPublicViews, productsToViews } from './productViews';

/**
 * A product whose detail the caller may open. Unknown and hidden products look the same (000 §2.6);
 * inactive and draft ones are listed but, as their tiles carry no link for anyone but root staff
 * (000 §2.3), their detail is root's only.
 */
async function visibleProduct(db: Knex, id: number, list: PriceListChoice, root: boolean): Promise<Record<string, unknown>> {
  const query = filteredProducts(db, list.id, { sort_by: '-popularity' }, 'price').where('p.id', id);
  if (!root) query.where('p.active', true).where('p.draft', false);
  const row = await query.first(PRODUCT_COLUMNS);
  if (!row) throw notFound();
  return row as Record<string, unknown>;
}

export const listProducts: Handler<'listProducts'> = async ({ query }, { db, user }) => {
  if (!user) throw unauthenticated();
  const list = await priceListFor(db, user);
  const page = await pageOfProducts(db, list, query, 'price');
  return { rows: await productsToViews(db, page.rows, list), total: page.total };
};

export const getProduct: Handler<'getProduct'> = async ({ params, query }, { db, user }) => {
  if (!user) throw unauthenticated();
  const list = query.organisation === undefined ? await priceListFor(db, user) : await priceListForRecipient(db, user, query.organisation);
  if (!list) throw notFound();
  const [view] = await productsToViews(db, [await visibleProduct(db, params.id, list, user.root)], list);
  if (!view) throw notFound();
  return view;
};

export const listPublicWebstore: Handler<'listPublicWebstore'> = async ({ query }, { db }) => {
  const list = await defaultPriceList(db, query.currency);
  const page = await pageOfProducts(db, list, query, 'rrp');
  return { rows: await productsToPublicViews(db, page.rows, list), total: page.total };
};

export const getPublicProduct: Handler<'getPublicProduct'> = async ({ params, query }, { db }) => {
  const list = await defaultPriceList(db, query.currency);
  const [view] = await productsToPublicViews(db, [await visibleProduct(db, params.id, list, false)], list);
  if (!view) throw notFound();
  return view;
};
