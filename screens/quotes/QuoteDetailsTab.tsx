import { useState } from 'react';
import { useT } from '../../runtime/i18n/useT';
import { OrganisationOptionList } from '../../runtime/list/OrganisationOptionList';
import { offeredOrganisations, useOrganisationOptions } from '../../runtime/list/useOrganisationOptions';
import { Modal } from '../../runtime/ui/Modal';
import { Spinner } from '../../runtime/ui/Spinner';
import { emailValid } from '../checkout/completeness';
import { TextField } from '../checkout/fields';
import { ProductPicker } from './ProductPicker';
import { QuoteLinesTable } from './QuoteLinesTable';
import { newLine, recipientChangeLoses, withRecipient, type QuoteDraft } from './quoteDraft';
import { ZoomWizard } from './ZoomWizard';
import type { QuoteWizardState } from './useQuoteWizard';

/** 001 §2: only organisations with a linked account and a catalogue can be recipients. */
const RECIPIENTS = { is_linked: true, has_catalogue: true } as const;

/**
 * 001 §2 Quote details: the recipient organisation (below the user's own, able to order: a change
 * clears the lines and the recipient's name and e-mail, after a confirmation when there is
 * something to lose), the recipient's name and e-mail, the quote's name, PO number and expiry
 * date, and the line items chosen from the recipient's webstore.
 */
export function QuoteDetailsTab({ wizard }: { wizard: QuoteWizardState }) {
  const t = useT();
  const { draft, change, edit, user } = wizard;
  const choices = useOrganisationOptions(true, RECIPIENTS);
  const [pending, setPending] = useState<number | null | undefined>(undefined);
  const [zoomOpen, setZoomOpen] = useState(false);
  // The quote's Zoom configuration is every line of a ZOOM product: the wizard edits and replaces them together.
  const zoom = draft.lines.filter((line) => wizard.products.get(line.product)?.subscription_type === 'ZOOM');
  const organisations = choices.status === 'ready' ? offeredOrganisations(choices.organisations, true, user?.organisation.id) : [];
  const chooseRecipient = (value: number | null) => {
    if (value === draft.organisation_to) return;
    if (recipientChangeLoses(draft)) setPending(value);
    else edit((current) => withRecipient(current, value));
  };
  const field = (name: keyof QuoteDraft) => (value: string | null) => change({ [name]: value });
  return (
    <section data-testid="quote-details">
      <div className="form-field">
        <label htmlFor="organisation_to">
          {t('quotes.organisation_to')}
          <span aria-hidden="true"> *</span>
        </label>
        {choices.status === 'loading' ? (
          <Spinner />
        ) : (
          <select
            id="organisation_to"
            data-testid="organisation_to"
            required
            value={draft.organisation_to ?? ''}
            onChange={(event) => chooseRecipient(event.target.value === '' ? null : Number(event.target.value))}
          >
            <option value="">{t('form.choose_organisation')}</option>
            <OrganisationOptionList organisations={organisations} />
          </select>
        )}
        {choices.status !== 'loading' && organisations.length === 0 && <p className="form-field__warning">{t('no_orgs_available')}</p>}
      </div>
      <TextField
        id="recipient_name"
        label={t('quotes.recipient_name')}
        value={draft.recipient_name}
        max={100}
        required
        onChange={field('recipient_name')}
      />
      <TextField
        id="recipient_email"
        type="email"
        label={t('quotes.recipient_email')}
        value={draft.recipient_email}
        max={100}
        required
        invalid={!emailValid(draft.recipient_email)}
        onChange={field('recipient_email')}
      >
        {!emailValid(draft.recipient_email) && (
          <p className="form-field__warning" data-testid="recipient-email-problem">
            {t('email_regex')}
          </p>
        )}
      </TextField>
      <TextField id="name" label={t('quotes.name')} value={draft.name} max={45} onChange={field('name')}>
        <p className="note">{t('quote_wizard.default_name')}</p>
      </TextField>
      <TextField
        id="purchase_order_number"
        label={t('quotes.purchase_order_number')}
        value={draft.purchase_order_number}
        max={45}
        onChange={field('purchase_order_number')}
      />
      <div className="form-field">
        <label htmlFor="expiry_date">{t('quotes.expiry_date')}</label>
        <input
          id="expiry_date"
          type="date"
          data-testid="expiry_date"
          value={draft.expiry_date ?? ''}
          onChange={(event) => change({ expiry_date: event.target.value === '' ? null : event.target.value })}
        />
      </div>
      <h2>{t('quote_wizard.lines')}</h2>
      <QuoteLinesTable wizard={wizard} onZoom={() => setZoomOpen(true)} />
      {draft.organisation_to === null ? (
        <p className="note" data-testid="choose-recipient-first">
          {t('quote_wizard.choose_recipient_first')}
        </p>
      ) : (
        <>
          <button type="button" className="button quote-wizard__zoom" onClick={() => setZoomOpen(true)} data-testid="zoom-open">
            {t(zoom.length > 0 ? 'quote_wizard.zoom_configure' : 'zoom_wizard.add')}
          </button>
          <ProductPicker recipient={draft.organisation_to} onAdd={(product) => wizard.addProduct(product, newLine(product))} />
        </>
      )}
      <ZoomWizard
        open={zoomOpen}
        recipient={draft.organisation_to}
        lines={zoom.filter((line) => line.quantity > 0)}
        onClose={() => setZoomOpen(false)}
        onUpdate={(lines, products) => {
          wizard.replaceLines(
            zoom.map((line) => line.key),
            lines,
            products,
          );
          setZoomOpen(false);
        }}
      />
      <Modal
        open={pending !== undefined}
        title={t('quote_wizard.change_recipient_title')}
        closeLabel={t('alert.close')}
        onClose={() => setPending(undefined)}
        footer={
          <>
            <button type="button" className="button" onClick={() => setPending(undefined)}>
              {t('confirm.no')}
            </button>
            <button
              type="button"
              className="button button--primary"
              data-testid="change-recipient-yes"
              onClick={() => {
                edit((current) => withRecipient(current, pending ?? null));
                setPending(undefined);
              }}
            >
              {t('confirm.yes')}
            </button>
          </>
        }
      >
        <p>{t('quote_wizard.change_recipient_text')}</p>
      </Modal>
    </section>
  );
}
