import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { Tooltip } from '../../runtime/ui/Tooltip';
import type { Product } from '../product/productTypes';
import { AddToBasketDialog } from './AddToBasketDialog';
import type { AddToBasketBlock } from './quantityRules';
import { useAddToBasket } from './useAddToBasket';
import type { PriceBoxState } from './usePriceBoxState';

const BLOCK_MESSAGES: Record<Exclude<AddToBasketBlock, 'invalid_quantity'>, MessageKey> = {
  root: 'price.root_cannot_buy',
  no_price: 'price.no_price',
};

interface AddToBasketButtonProps {
  product: Product;
  state: PriceBoxState;
}

/**
 * The add-to-basket button (000 §2.4): opens the dialog; disabled, with the most fundamental
 * reason as its tooltip (root, no price, invalid quantity), when the product cannot be added.
 */
export function AddToBasketButton({ product, state }: AddToBasketButtonProps) {
  const t = useT();
  const controller = useAddToBasket(product, state);
  const { block, problem } = state;
  const reason =
    block === null
      ? null
      : block === 'invalid_quantity'
        ? problem
          ? t(problem.key, problem.values)
          : t('quantity_below_one')
        : t(BLOCK_MESSAGES[block]);
  const button = (
    <button
      type="button"
      className="button button--primary"
      disabled={block !== null}
      onClick={controller.show}
      data-testid="add-to-basket"
      data-block={block ?? ''}
    >
      {t('price.add_to_basket')}
    </button>
  );
  return (
    <>
      {reason === null ? button : <Tooltip text={reason}>{button}</Tooltip>}
      {controller.open && <AddToBasketDialog product={product} controller={controller} />}
    </>
  );
}
