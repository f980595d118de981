import type { CatalogueProduct } from '../product/productTypes';

/** The parts of the current user the store's rules read (CurrentUser of the API). */
export interface StoreViewer {
  root: boolean;
  currency: string;
  organisation: { finance_type?: string | null };
}

/**
 * Finance is offered, and the 'finance available' badge shown, only when the user is not root,
 * pays in GBP, belongs to an organisation with a finance_type, and the product is financeable (000 §6).
 * Anonymous visitors (viewer null) are never offered finance.
 */
export function isFinanceOffered(viewer: StoreViewer | null, product: Pick<CatalogueProduct, 'is_financeable'>): boolean {
  return viewer !== null && !viewer.root && viewer.currency === 'GBP' && viewer.organisation.finance_type != null && product.is_financeable;
}

/**
 * Whether a tile links to the product page (000 §2.3): root users always; everyone else (and
 * anonymous visitors) only for active products that are not drafts.
 */
export function canLinkToProduct(viewer: Pick<StoreViewer, 'root'> | null, product: Pick<CatalogueProduct, 'active' | 'draft'>): boolean {
  if (viewer?.root) return true;
  return product.active && !product.draft;
}
