import type { Product } from '../product/productTypes';
import { AddToBasketButton } from './AddToBasketButton';
import { PriceDisplay } from './PriceDisplay';
import { QuantityInput } from './QuantityInput';
import { RatePlanPicker } from './RatePlanPicker';
import { StockInfoButton } from './StockInfoButton';
import type { PriceBoxState } from './usePriceBoxState';

interface PriceBoxProps {
  product: Product;
  isRoot: boolean;
  state: PriceBoxState;
}

/**
 * The signed-in price box (000 §2.4): the price in the user's currency, quantity, stock info,
 * rate-plan options and add to basket. Root users see ∞ and have neither a quantity to change nor
 * basket controls (000 §6: they cannot add to baskets).
 */
export function PriceBox({ product, isRoot, state }: PriceBoxProps) {
  return (
    <div className="price-box" data-testid="price-box">
      <PriceDisplay amount={product.price} currency={product.currency} infinite={isRoot} />
      <div className="price-box__controls">
        {!isRoot && <QuantityInput text={state.quantityText} locked={state.locked} problem={state.problem} onType={state.typeQuantity} />}
        <StockInfoButton stock={product.stock} />
        <RatePlanPicker plans={product.rate_plans} selectedPlanId={state.selectedPlan?.id ?? null} onSelect={state.selectPlan} />
      </div>
      {!isRoot && <AddToBasketButton product={product} state={state} />}
    </div>
  );
}
