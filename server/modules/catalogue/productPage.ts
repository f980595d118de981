import type { Knex } from 'knex';
import type { PriceListChoice } from './priceLists';
import { filteredProducts, pricedProducts, sortProducts, unpricedProducts, type CatalogueFilters, type PriceColumn } from './productQuery';
import { flipped, readStretch } from '../../db/pageWindow';
import { PRODUCT_COLUMNS } from './productViews';

type Row = Record<string, unknown>;
export type PageQuery = CatalogueFilters & { page: number; per_page: number };

/**
 * Counts a query, or, given `counted`, asks it first: the page cache (pageCache.ts) keeps one count
 * per filter set, named by `part`, whatever the sort and page.
 */
export type Counter = (part: 'all' | 'priced', compute: () => Promise<number>) => Promise<number>;
const counting: Counter = (_part, compute) => compute();

const countOf = async (query: Knex.QueryBuilder) => Number((await query.count({ n: '*' }).first())?.['n'] ?? 0);

/**
 * A page sorted by price: the priced products in price order (ties by product, in the same
 * direction), then those without a price, which sort last either way (000 §9). Each part is read
 * on its own so that an index serves it, from whichever of its ends is nearer (db/pageWindow.ts);
 * the page is cut across the two.
 */
async function pageByPrice(
  db: Knex,
  list: PriceListChoice,
  query: PageQuery,
  priceColumn: PriceColumn,
  total: number,
  counted: Counter,
): Promise<Row[]> {
  const forwards = query.sort_by.startsWith('-') ? 'desc' : 'asc';
  const from = (query.page - 1) * query.per_page;
  const to = from + query.per_page;
  const pricedCount = await counted('priced', () => countOf(pricedProducts(db, list.id, query, priceColumn)));
  const priced = await readStretch(pricedCount, from, to, async ({ offset, limit, reversed }) => {
    const direction = reversed ? flipped(forwards) : forwards;
    return (await pricedProducts(db, list.id, query, priceColumn)
      .select(PRODUCT_COLUMNS)
      .orderBy(`pli.${priceColumn}`, direction)
      .orderBy('pli.product_id', direction)
      .limit(limit)
      .offset(offset)) as Row[];
  });
  const unpriced = await readStretch(
    total - pricedCount,
    Math.max(0, from - pricedCount),
    to - pricedCount,
    async ({ offset, limit, reversed }) =>
      (await unpricedProducts(db, list.id, query, priceColumn)
        .select(PRODUCT_COLUMNS)
        .orderBy('p.id', reversed ? flipped(forwards) : forwards)
        .limit(limit)
        .offset(offset)) as Row[],
  );
  return [...priced, ...unpriced];
}

/** One page of the store's listing and the number of products matching its filters. */
export async function pageOfProducts(
  db: Knex,
  list: PriceListChoice,
  query: PageQuery,
  priceColumn: PriceColumn,
  counted: Counter = counting,
): Promise<{ rows: Row[]; total: number }> {
  const total = await counted('all', () => countOf(filteredProducts(db, list.id, query, priceColumn, 'when-filtered')));
  if (query.sort_by.slice(1) === 'price') return { rows: await pageByPrice(db, list, query, priceColumn, total, counted), total };
  const from = (query.page - 1) * query.per_page;
  // The same sort the other way round is the exact reverse: key and id both flip (sortProducts).
  const rows = await readStretch(total, from, from + query.per_page, async ({ offset, limit, reversed }) => {
    const sortBy = reversed ? `${query.sort_by.startsWith('-') ? '+' : '-'}${query.sort_by.slice(1)}` : query.sort_by;
    return (await sortProducts(db, filteredProducts(db, list.id, query, priceColumn).select(PRODUCT_COLUMNS), sortBy, priceColumn)
      .limit(limit)
      .offset(offset)) as Row[];
  });
  return { rows, total };
}
