import type { Knex } from 'knex';
import type { PriceListChoice } from './priceLists';
import { filteredProducts, pricedProducts, sortProducts, unpricedProducts, type CatalogueFilters, type PriceColumn } from './productQuery';
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
 * on its own so that an index serves it; the page is cut across the two.
 */
async function pageByPrice(db: Knex, list: PriceListChoice, query: PageQuery, priceColumn: PriceColumn, counted: Counter): Promise<Row[]> {
  const direction = query.sort_by.startsWith('-') ? 'desc' : 'asc';
  const offset = (query.page - 1) * query.per_page;
  const pricedCount = await counted('priced', () => countOf(pricedProducts(db, list.id, query, priceColumn)));
  const rows: Row[] = [];
  if (offset < pricedCount) {
    rows.push(
      ...((await pricedProducts(db, list.id, query, priceColumn)
        .select(PRODUCT_COLUMNS)
        .orderBy(`pli.${priceColumn}`, direction)
        .orderBy('pli.product_id', direction)
        .limit(query.per_page)
        .offset(offset)) as Row[]),
    );
  }
  const remaining = query.per_page - rows.length;
  if (remaining > 0) {
    rows.push(
      ...((await unpricedProducts(db, list.id, query, priceColumn)
        .select(PRODUCT_COLUMNS)
        .orderBy('p.id', direction)
        .limit(remaining)
        .offset(Math.max(0, offset - pricedCount))) as Row[]),
    );
  }
  return rows;
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
  if (query.sort_by.slice(1) === 'price') return { rows: await pageByPrice(db, list, query, priceColumn, counted), total };
  const rows = (await sortProducts(db, filteredProducts(db, list.id, query, priceColumn).select(PRODUCT_COLUMNS), query.sort_by, priceColumn)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)) as Row[];
  return { rows, total };
}
