import { useState } from 'react';
import { useT } from '../../runtime/i18n/useT';
import { Tooltip } from '../../runtime/ui/Tooltip';
import { useStockText } from './useStockText';

/** The stock-info button of the price box (000 §2.4): hover for the tooltip, click to show it inline. */
export function StockInfoButton({ stock }: { stock: string | null | undefined }) {
  const t = useT();
  const text = useStockText(stock);
  const [shown, setShown] = useState(false);
  return (
    <span className="price-box__stock">
      <Tooltip text={text}>
        <button
          type="button"
          className="price-box__icon-button"
          aria-expanded={shown}
          data-testid="stock-info"
          onClick={() => setShown(!shown)}
        >
          {t('price.stock')}
        </button>
      </Tooltip>
      {shown && (
        <span className="price-box__bubble" role="status" data-testid="stock-info-text">
          {text}
        </span>
      )}
    </span>
  );
}
