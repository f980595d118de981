import { DomainError } from '../../domain/errors';
import type { Knex } from 'knex';
import Decimal from 'decimal.js';
import { toScaled } from '../../db/scaled';
import { orderByText } from '../../db/textOrder';
import { narrowToSearchMatches } from '../../db/textSearch';

export interface CatalogueFilters {
  text?: string | undefined;
  value_from?: string | undefined;
  value_to?: string | undefined;
  vendor?: number[] | undefined;
  type?: number[] | undefined;
  sort_by: string;
}

/** The price column a view filters and sorts by: buy price signed in, retail price in public. */
export type PriceColumn = 'price' | 'rrp';

const NONE = -1;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** -1 stands for "no vendor" / "no type" (000 §2.3). */
function whereIdsOrNone(query: Knex.QueryBuilder, column: string, ids: number[] | undefined): void {
  if (!ids || ids.length === 0) return;
  const real = ids.filter((id) => id !== NONE);
  const withNone = ids.includes(NONE);
  query.where((inner) => {
    if (real.length > 0) inner.whereIn(column, real);
    if (withNone) inner.orWhereNull(column);
  });
}

function hasValueRange(filters: Pick<CatalogueFilters, 'value_from' | 'value_to'>): boolean {
  return filters.value_from !== undefined || filters.value_to !== undefined;
}

/** The store's filters over a query of products `p` joined to their list prices `pli`. */
function applyFilters(db: Knex, query: Knex.QueryBuilder, filters: CatalogueFilters, priceColumn: PriceColumn): Knex.QueryBuilder {
  const text = filters.text?.trim().toLowerCase();
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    query.where((inner) => {
      inner.whereRaw(`lower(p.product_code) like ? escape '\\'`, [pattern]).orWhereRaw(`lower(p.name) like ? escape '\\'`, [pattern]);
    });
    // The trigram index (spec `search` on product) narrows the rows the LIKE must read.
    narrowToSearchMatches(db, query, 'p.id', 'products', text);
  }
  whereIdsOrNone(query, 'p.vendor_id', filters.vendor);
  whereIdsOrNone(query, 'p.product_type_id', filters.type);
  if (filters.value_from !== undefined && filters.value_to !== undefined && new Decimal(filters.value_to).lt(filters.value_from)) {
    throw new DomainError('invalid', 'invalid_parameter', { field: 'value_to', detail: 'value_to must not be below value_from' });
  }
  if (filters.value_from !== undefined) query.where(`pli.${priceColumn}`, '>=', toScaled(filters.value_from));
  if (filters.value_to !== undefined) query.where(`pli.${priceColumn}`, '<=', toScaled(filters.value_to));
  return query;
}

/**
 * Products shown in the store, with the filters applied, joined to their prices in one list.
 * `join: 'when-filtered'` leaves the join out unless a value range needs it: counting rows does not
 * need prices, since a product has at most one row per list.
 */
export function filteredProducts(
  db: Knex,
  priceListId: number | null,
  filters: CatalogueFilters,
  priceColumn: PriceColumn,
  join: 'always' | 'when-filtered' = 'always',
): Knex.QueryBuilder {
  const query = db('products as p').where('p.show_in_webstore', true);
  if (join === 'always' || hasValueRange(filters)) {
    query.leftJoin('price_list_items as pli', (on) => {
      on.on('pli.product_id', '=', 'p.id').andOn('pli.price_list_id', '=', db.raw('?', [priceListId ?? 0]));
    });
  }
  return applyFilters(db, query, filters, priceColumn);
}

/**
 * The shown products that have a price in the list, read from the list's side: walking the
 * (price_list, price, product) index in order, a page of a price sort reads only its own rows.
 */
export function pricedProducts(
  db: Knex,
  priceListId: number | null,
  filters: CatalogueFilters,
  priceColumn: PriceColumn,
): Knex.QueryBuilder {
  const query = db('price_list_items as pli')
    .join('products as p', 'p.id', 'pli.product_id')
    .where('pli.price_list_id', priceListId ?? 0)
    .whereNotNull(`pli.${priceColumn}`)
    .where('p.show_in_webstore', true);
  return applyFilters(db, query, filters, priceColumn);
}

/** The shown products without a price in the list (price on request, or not in it at all). */
export function unpricedProducts(
  db: Knex,
  priceListId: number | null,
  filters: CatalogueFilters,
  priceColumn: PriceColumn,
): Knex.QueryBuilder {
  return filteredProducts(db, priceListId, filters, priceColumn).whereNull(`pli.${priceColumn}`);
}

/**
 * Applies sort_by; a missing price (price on request) sorts last either way. Ties break by id in
 * the same direction, so an index on (show_in_webstore, key) can serve the whole order.
 */
export function sortProducts(db: Knex, query: Knex.QueryBuilder, sortBy: string, priceColumn: PriceColumn): Knex.QueryBuilder {
  const direction = sortBy.startsWith('-') ? 'desc' : 'asc';
  const key = sortBy.slice(1);
  if (key === 'price') {
    query.orderByRaw(`(pli.${priceColumn} is null) asc`).orderBy(`pli.${priceColumn}`, direction);
  } else if (key === 'name') {
    orderByText(db, query, 'p.name', direction);
  } else {
    query.orderBy('p.popularity', direction);
  }
  return query.orderBy('p.id', direction);
}
