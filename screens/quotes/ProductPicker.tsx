import { useEffect, useState } from 'react';
import { fetchList, isAbortError } from '../../runtime/api/client';
import { formatMoney } from '../../runtime/format/money';
import { useT } from '../../runtime/i18n/useT';
import type { QuoteProduct } from './quoteDraft';

/** 001 §9: list filters re-query 500 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 500;
const RESULTS = 10;

interface Props {
  recipient: number;
  onAdd: (product: QuoteProduct) => void;
}

/**
 * Finds a product for a new line among those the recipient's webstore shows (GET /quotes/products:
 * its price list and currency, what a save accepts), by name or SKU, and adds it.
 */
export function ProductPicker({ recipient, onAdd }: Props) {
  const t = useT();
  const [text, setText] = useState('');
  const [found, setFound] = useState<QuoteProduct[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        fetchList<QuoteProduct>(
          '/quotes/products',
          { organisation_to: recipient, text: text.trim() || undefined, per_page: RESULTS },
          controller.signal,
        ).then(
          (page) => setFound(page.rows),
          (error: unknown) => {
            if (!isAbortError(error)) setFound([]);
          },
        );
      },
      text === '' ? 0 : SEARCH_DEBOUNCE_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [recipient, text]);
  return (
    <div className="quote-picker" data-testid="product-picker">
      <label htmlFor="product_search">{t('quote_wizard.add_product')}</label>
      <input
        id="product_search"
        type="search"
        data-testid="product-search"
        placeholder={t('quote_wizard.search_products')}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {found !== null && found.length === 0 && <p className="note">{t('quote_wizard.no_products')}</p>}
      {found !== null && found.length > 0 && (
        <ul className="quote-picker__results">
          {found.map((product) => (
            <li key={product.id} data-testid="product-result" data-product-code={product.product_code}>
              <span>
                <strong>{product.name}</strong> <span className="basket-lines__code">{product.product_code}</span>
              </span>
              <span>{product.price === null ? '' : formatMoney(product.price, product.currency)}</span>
              <button
                type="button"
                className="button"
                aria-label={t('quote_wizard.add_named', { name: product.name })}
                onClick={() => onAdd(product)}
              >
                {t('quote_wizard.add')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
