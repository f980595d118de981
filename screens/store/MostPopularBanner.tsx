import { useState, type ReactNode } from 'react';
import { useT } from '../../runtime/i18n/useT';
import { RouteLink } from '../../runtime/routing/RouteLink';
import { productImageUrl } from '../product/productImage';
import type { CatalogueProduct } from '../product/productTypes';
import { canLinkToProduct, type StoreViewer } from './productRules';

interface MostPopularBannerProps {
  product: CatalogueProduct | null;
  viewer: StoreViewer | null;
  productRoute: string;
  priceBox: ReactNode;
}

/** The collapsible most-popular-product banner above the list (000 §2.3). */
export function MostPopularBanner({ product, viewer, productRoute, priceBox }: MostPopularBannerProps) {
  const t = useT();
  const [open, setOpen] = useState(true);
  if (!product) return null;
  const linked = canLinkToProduct(viewer, product);
  return (
    <section className="most-popular" data-testid="most-popular" aria-label={t('store.most_popular')}>
      <header className="most-popular__header">
        <h2 className="most-popular__title">{t('store.most_popular')}</h2>
        <button
          type="button"
          className="button button--link"
          aria-expanded={open}
          data-testid="most-popular-toggle"
          onClick={() => setOpen(!open)}
        >
          {open ? t('store.hide_banner') : t('store.show_banner')}
        </button>
      </header>
      {open && (
        <div className="most-popular__body" data-testid="most-popular-body">
          <img className="most-popular__image" src={productImageUrl(product)} alt={product.name} />
          <div className="most-popular__text">
            <h3 className="most-popular__name">
              {linked ? (
                <RouteLink to={productRoute} params={{ id: product.id }}>
                  {product.name}
                </RouteLink>
              ) : (
                product.name
              )}
            </h3>
            {product.description && <p>{product.description}</p>}
            <p className="product-tile__code">{product.product_code}</p>
          </div>
          <div className="most-popular__price">{priceBox}</div>
        </div>
      )}
    </section>
  );
}
