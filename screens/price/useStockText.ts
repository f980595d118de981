import { useT } from '../../runtime/i18n/useT';

/** The stock tooltip: stock "0" asks the buyer to call (stock_call); text statuses are shown as they are. */
export function useStockText(stock: string | null | undefined): string {
  const t = useT();
  if (stock === null || stock === undefined || stock.trim() === '') return t('price.stock_unknown');
  if (stock.trim() === '0') return t('stock_call');
  return `${t('price.stock')}: ${stock}`;
}
