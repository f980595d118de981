import { hasPermission } from '../../runtime/session/permissions';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
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
 * basket controls (000 §6: they cannot add to baskets). Adding needs order:modify_draft (000 §6, the
 * server's gate on POST /baskets and its line items): without it there is no button to offer.
 */
export function PriceBox({ product, isRoot, state }: PriceBoxProps) {
  const { user } = useCurrentUser();
  const mayAdd = !isRoot && hasPermission(user, 'order:modify_draft');
  return (
    <div className="price-box" data-testid="price-box">
      <PriceDisplay amount={product.price} currency={product.currency} infinite={isRoot} />
      <div className="price-box__controls">
        {!isRoot && <QuantityInput text={state.quantityText} locked={state.locked} problem={state.problem} onType={state.typeQuantity} />}
        <StockInfoButton stock={product.stock} />
        <RatePlanPicker plans={product.rate_plans} selectedPlanId={state.selectedPlan?.id ?? null} onSelect={state.selectPlan} />
      </div>
      {mayAdd && <AddToBasketButton product={product} state={state} />}
    </div>
  );
}
