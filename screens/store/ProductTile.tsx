import type { ReactNode } from 'react';
import { useT } from '../../runtime/i18n/useT';
import { RouteLink } from '../../runtime/routing/RouteLink';
import { productThumbnailUrl } from '../product/productImage';
import type { CatalogueProduct } from '../product/productTypes';
import { canLinkToProduct, isFinanceOffered, type StoreViewer } from './productRules';
import type { ViewMode } from './storeState';

interface ProductTileProps {
  product: CatalogueProduct;
  /** The signed-in user, or null in the public store. */
  viewer: StoreViewer | null;
  /** The product route of this store: `product` or `public_product`. */
  productRoute: string;
  view: ViewMode;
  priceBox: ReactNode;
}

/**
 * One product of the list (000 §2.3): thumbnail and name linking to the product where the viewer
 * may open it, the 'finance available' badge (000 §6), description, product code and price box.
 */
export function ProductTile({ product, viewer, productRoute, view, priceBox }: ProductTileProps) {
  const t = useT();
  const linked = canLinkToProduct(viewer, product);
  const image = <img className="product-tile__image" src={productThumbnailUrl(product)} alt={product.name} loading="lazy" />;
  return (
    <article className={`product-tile product-tile--${view}`} data-testid="product-tile" data-product-id={product.id}>
      <div className="product-tile__thumbnail">
        {linked ? (
          <RouteLink to={productRoute} params={{ id: product.id }} data-testid="product-link" tabIndex={-1} aria-hidden="true">
            {image}
          </RouteLink>
        ) : (
          image
        )}
        {isFinanceOffered(viewer, product) && (
          <span className="product-tile__badge" data-testid="finance-badge">
            {t('store.finance_available')}
          </span>
        )}
      </div>
      <div className="product-tile__body">
        <h3 className="product-tile__name" data-testid="product-name">
          {linked ? (
            <RouteLink to={productRoute} params={{ id: product.id }}>
              {product.name}
            </RouteLink>
          ) : (
            product.name
          )}
        </h3>
        {product.description && <p className="product-tile__description">{product.description}</p>}
        <p className="product-tile__code" data-testid="product-code">
          {product.product_code}
        </p>
      </div>
      <div className="product-tile__price">{priceBox}</div>
    </article>
  );
}
