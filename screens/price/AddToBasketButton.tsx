import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { Tooltip } from '../../runtime/ui/Tooltip';
import type { AddToBasketBlock, QuantityProblem } from './quantityRules';

const BLOCK_MESSAGES: Record<Exclude<AddToBasketBlock, 'invalid_quantity'>, MessageKey> = {
  root: 'price.root_cannot_buy',
  no_price: 'price.no_price',
  coming: 'price.add_to_basket_coming',
};

interface AddToBasketButtonProps {
  block: AddToBasketBlock;
  problem: QuantityProblem | null;
}

/**
 * The add-to-basket button (000 §2.4). Baskets arrive in a later release, so for now it is always
 * disabled; the tooltip gives the most fundamental reason (root, no price, invalid quantity, coming).
 */
export function AddToBasketButton({ block, problem }: AddToBasketButtonProps) {
  const t = useT();
  const reason =
    block === 'invalid_quantity'
      ? problem
        ? t(problem.key, problem.values)
        : t('quantity_below_one')
      : t(BLOCK_MESSAGES[block]);
  return (
    <Tooltip text={reason}>
      <button type="button" className="button button--primary" disabled data-testid="add-to-basket" data-block={block}>
        {t('price.add_to_basket')}
      </button>
    </Tooltip>
  );
}
