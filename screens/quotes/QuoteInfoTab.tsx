import { useT } from '../../runtime/i18n/useT';
import { zoomLines, zoomOrderComplete } from './quoteDraft';
import type { QuoteWizardState } from './useQuoteWizard';

/**
 * 001 §2 Additional info: the provisioning instructions, and the state of the quote's Zoom
 * configuration, which Next needs complete (001 §2 "Next on the info tab requires Zoom
 * configuration complete"); each Zoom line is configured from the details tab.
 */
export function QuoteInfoTab({ wizard }: { wizard: QuoteWizardState }) {
  const t = useT();
  const { draft, products } = wizard;
  const zoom = zoomLines(draft, products);
  const unconfigured = zoom.filter((line) => !zoomOrderComplete(line.details));
  return (
    <section data-testid="quote-info">
      <div className="form-field">
        <label htmlFor="provisioning_instructions">{t('baskets.provisioning_instructions')}</label>
        <textarea
          id="provisioning_instructions"
          value={draft.provisioning_instructions ?? ''}
          onChange={(event) => wizard.change({ provisioning_instructions: event.target.value || null })}
        />
      </div>
      {zoom.length > 0 && (
        <p
          className={unconfigured.length > 0 ? 'form-field__warning' : 'note'}
          role={unconfigured.length > 0 ? 'alert' : undefined}
          data-testid="zoom-status"
        >
          {unconfigured.length > 0
            ? t('quote_wizard.zoom_missing', { products: unconfigured.map((line) => products.get(line.product)?.name ?? '').join(', ') })
            : t('quote_wizard.zoom_complete')}
        </p>
      )}
    </section>
  );
}
