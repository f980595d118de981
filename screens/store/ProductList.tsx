import type { ReactNode } from 'react';
import type { CatalogueProduct } from '../product/productTypes';
import type { ViewMode } from './storeState';

interface ProductListProps<P extends CatalogueProduct> {
  products: P[];
  view: ViewMode;
  renderProduct: (product: P) => ReactNode;
}

/** The product list as tiles (columns) or rows (000 §2.3). */
export function ProductList<P extends CatalogueProduct>({ products, view, renderProduct }: ProductListProps<P>) {
  return (
    <div className={`product-list product-list--${view}`} data-testid="product-list" data-view={view}>
      {products.map((product) => (
        <div key={product.id} className="product-list__item">
          {renderProduct(product)}
        </div>
      ))}
    </div>
  );
}
