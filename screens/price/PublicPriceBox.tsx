import { useT } from '../../runtime/i18n/useT';
import type { PublicProduct } from '../product/productTypes';
import { PriceDisplay } from './PriceDisplay';
import { StockInfoButton } from './StockInfoButton';

interface PublicPriceBoxProps {
  product: PublicProduct;
  onBuy: () => void;
}

/** The public price box (000 §2.5): the recommended retail price only, and Buy, which asks the visitor to log in. */
export function PublicPriceBox({ product, onBuy }: PublicPriceBoxProps) {
  const t = useT();
  return (
    <div className="price-box" data-testid="price-box">
      <PriceDisplay amount={product.rrp} currency={product.currency} rrp />
      <div className="price-box__controls">
        <StockInfoButton stock={product.stock} />
      </div>
      <button type="button" className="button button--primary" data-testid="buy" onClick={onBuy}>
        {t('price.buy')}
      </button>
    </div>
  );
}
