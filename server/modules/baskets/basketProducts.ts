import type { Knex } from 'knex';
import type { Product } from '../../generated/types';
import { priceListOf, type PriceListChoice } from '../catalogue/priceLists';
import { filteredProducts } from '../catalogue/productQuery';
import { PRODUCT_COLUMNS, productsToViews } from '../catalogue/productViews';
import type { SessionUser } from '../auth/sessionUser';

/** The list a basket of the caller's organisation is priced from (baskets are their own organisation's). */
export function basketPriceList(db: Knex, user: SessionUser): Promise<PriceListChoice> {
  return priceListOf(db, user.organisation);
}

/** buyableProducts' rule for a product view already at hand (a cached one): shown, active, not draft. */
export function isBuyable(product: Pick<Product, 'show_in_webstore' | 'active' | 'draft'>): boolean {
  return product.show_in_webstore && product.active && !product.draft;
}

/**
 * Products a buyer may put in a basket, priced from the list, keyed by id: shown in the webstore,
 * active and not draft (000 §2.3: the store links no others for a buyer). Anything else answers as
 * missing, so a hidden product's existence is not given away. Three queries for any number.
 */
export async function buyableProducts(db: Knex, list: PriceListChoice, ids: readonly number[]): Promise<Map<number, Product>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = (await filteredProducts(db, list.id, { sort_by: '-popularity' }, 'price')
    .where('p.active', true)
    .where('p.draft', false)
    .whereIn('p.id', unique)
    .select(PRODUCT_COLUMNS)) as Record<string, unknown>[];
  const views = await productsToViews(db, rows, list);
  return new Map(views.map((view) => [view.id, view]));
}

/** Buyable products by SKU (product_code, compared in lower case as people type them), keyed by the lowered SKU. */
export async function buyableBySku(db: Knex, list: PriceListChoice, skus: readonly string[]): Promise<Map<string, Product>> {
  const lowered = [...new Set(skus.map((sku) => sku.trim().toLowerCase()).filter((sku) => sku !== ''))];
  if (lowered.length === 0) return new Map();
  const found = (await db('products')
    .whereRaw(`lower(product_code) in (${lowered.map(() => '?').join(', ')})`, lowered)
    .select('id')) as { id: number }[];
  const products = await buyableProducts(
    db,
    list,
    found.map((row) => Number(row.id)),
  );
  return new Map([...products.values()].map((product) => [product.product_code.toLowerCase(), product]));
}
