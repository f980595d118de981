import type { ReactNode } from 'react';
import { useT } from '../../runtime/i18n/useT';
import { RouteLink } from '../../runtime/routing/RouteLink';
import '../store/store.css';
import { ChargeTable } from './ChargeTable';
import { FeatureList } from './FeatureList';
import { ModifySubscriptionPrompt } from './ModifySubscriptionPrompt';
import { productImageUrl } from './productImage';
import { ProductLinks } from './ProductLinks';
import type { CatalogueProduct } from './productTypes';
import { RatePlanSummary } from './RatePlanSummary';
import { RatePlanTable } from './RatePlanTable';
import { textLines } from './textLines';
import type { PlanChoice } from './usePlanChoice';

interface ProductDetailViewProps {
  product: CatalogueProduct;
  /** The store the back link returns to: `webstore` or `public_webstore`. */
  storeRoute: string;
  /** The price box (signed in) or the rrp with Buy (public). */
  priceArea: ReactNode;
  plan: PlanChoice;
  /** Signed-in buyers of a subscription product are pointed at their subscriptions. */
  showSubscriptionPrompt: boolean;
  /** Charge costs are buy prices: the public page gets plans without them and shows no cost columns. */
  showCosts: boolean;
}

/** The product detail content shared by the signed-in and the public page (000 §2.6). */
export function ProductDetailView({ product, storeRoute, priceArea, plan, showSubscriptionPrompt, showCosts }: ProductDetailViewProps) {
  const t = useT();
  const { selectedPlan } = plan;
  return (
    <article className="product-detail" data-testid="product-detail" data-product-id={product.id}>
      <RouteLink to={storeRoute} className="product-detail__back" data-testid="back-to-store">
        ← {t('product.back')}
      </RouteLink>
      <div className="product-detail__top">
        <img className="product-detail__image" src={productImageUrl(product)} alt={product.name} data-testid="product-image" />
        <div className="product-detail__info">
          <h1 className="product-detail__name" data-testid="product-name">
            {product.name}
          </h1>
          {product.description && <p className="product-detail__description">{product.description}</p>}
          <p className="product-tile__code" data-testid="product-code">
            {product.product_code}
          </p>
          <div className="product-detail__detailed" data-testid="detailed-description">
            {textLines(product.detailed_description).map((line, index) => (
              <p key={index}>{line}</p>
            ))}
          </div>
          <ProductLinks product={product} />
        </div>
        <div className="product-detail__buy">
          {priceArea}
          {showSubscriptionPrompt && product.subscription_type && <ModifySubscriptionPrompt />}
        </div>
      </div>
      {selectedPlan && <RatePlanSummary plan={selectedPlan} currency={product.currency} quantity={plan.quantity} showCosts={showCosts} />}
      <RatePlanTable
        plans={product.rate_plans}
        selectedPlanId={selectedPlan?.id ?? null}
        onSelect={plan.selectPlan}
        currency={product.currency}
        quantity={plan.quantity}
        showCosts={showCosts}
      />
      {selectedPlan && <ChargeTable plan={selectedPlan} currency={product.currency} showCosts={showCosts} />}
      <FeatureList text={product.featured_description} />
    </article>
  );
}
