import { useT } from '../../runtime/i18n/useT';
import type { Currency } from '../product/productTypes';
import { PUBLIC_CURRENCIES } from './storeState';

interface CurrencyRadiosProps {
  value: Currency;
  onChange: (currency: Currency) => void;
}

/** The public store's currency choice: GBP United Kingdom or EUR Europe (000 §2.5). */
export function CurrencyRadios({ value, onChange }: CurrencyRadiosProps) {
  const t = useT();
  return (
    <fieldset className="store-filter store-currency" data-testid="currency-radios">
      <legend>{t('store.currency')}</legend>
      {PUBLIC_CURRENCIES.map((currency) => (
        <label key={currency}>
          <input
            type="radio"
            name="store-currency"
            value={currency}
            checked={value === currency}
            data-testid={`currency-${currency}`}
            onChange={() => onChange(currency)}
          />
          {t(`store.currency_${currency}`)}
        </label>
      ))}
    </fieldset>
  );
}
