import { PriceBox } from '../price/PriceBox';
import { usePriceBoxState } from '../price/usePriceBoxState';
import { ProductDetailView } from './ProductDetailView';
import type { Product } from './productTypes';

/** The signed-in detail of a loaded product: its price box and rate-plan table share one choice of plan and quantity. */
export function SignedInProductDetail({ product, isRoot }: { product: Product; isRoot: boolean }) {
  const priceBox = usePriceBoxState(product, isRoot);
  return (
    <ProductDetailView
      product={product}
      storeRoute="webstore"
      priceArea={<PriceBox product={product} isRoot={isRoot} state={priceBox} />}
      plan={priceBox}
      showSubscriptionPrompt
      showCosts
    />
  );
}
