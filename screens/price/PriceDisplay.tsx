import { formatMoney } from '../../runtime/format/money';
import { useT } from '../../runtime/i18n/useT';

interface PriceDisplayProps {
  /** A decimal string; null is "price on request". */
  amount: string | null;
  currency: string;
  /** Root users see ∞ instead of a price (000 §6). */
  infinite?: boolean;
  /** Labels the amount as the recommended retail price (the public store). */
  rrp?: boolean;
}

/** A price as the store shows it: ∞ for root, 'price on request' for null, else the amount excl. VAT. */
export function PriceDisplay({ amount, currency, infinite = false, rrp = false }: PriceDisplayProps) {
  const t = useT();
  if (infinite) {
    return (
      <span className="price-box__price price-box__price--infinite" data-testid="price">
        {t('price.infinity')}
      </span>
    );
  }
  const formatted = formatMoney(amount, currency);
  if (formatted === null) {
    return (
      <span className="price-box__price price-box__price--on-request" data-testid="price">
        {t('price.on_request')}
      </span>
    );
  }
  return (
    <span className="price-box__price" data-testid="price">
      {rrp && <span className="price-box__label">{t('price.rrp')} </span>}
      <span className="price-box__amount" data-testid="price-amount">
        {formatted}
      </span>{' '}
      <span className="price-box__note">{t('price.excl_vat')}</span>
    </span>
  );
}
