import '../checkout/checkout.css';
import '../orders/orderView.css';
import './quotes.css';
import { useState } from 'react';
import { useT } from '../../runtime/i18n/useT';
import { RouteLink } from '../../runtime/routing/RouteLink';
import type { TabSlotProps } from '../../runtime/slots/slotTypes';
import { Modal } from '../../runtime/ui/Modal';
import { Spinner } from '../../runtime/ui/Spinner';
import { Tooltip } from '../../runtime/ui/Tooltip';
import { LineDetailFields } from '../baskets/LineDetailFields';
import { TextField } from '../checkout/fields';
import { ShippingTab } from '../checkout/ShippingTab';
import { enumText } from '../orders/orderText';
import { QuoteFacts, QuoteLinesView, quoteExpired } from './QuoteFacts';
import { QuoteRevisions } from './QuoteRevisions';
import type { Quote } from './quoteDraft';
import { nameFieldsOf, useInwardQuote, type NameField } from './useInwardQuote';

/**
 * Route quoteinward (001 §2 inward quote view): the recipient's view of a sent quote — its details
 * and lines; on a PUBLISHED quote not past its expiry date the editable PO number, subscription
 * names, shipping address, method, part shipment and instructions (quote:modify for shipping and
 * provisioning, 001 §6), Save and Cancel while something changed, and Accept and order once saved
 * and complete (001 §5). Decline and Print are the screen's footer actions. Expired or closed,
 * every control is disabled and the reason said.
 */
export function InwardQuoteView({ record, etag, reload }: TabSlotProps) {
  const t = useT();
  const quote = record as unknown as Quote;
  const state = useInwardQuote(quote, etag, reload);
  const [confirming, setConfirming] = useState(false);
  const { draft, lines, open } = state;
  // Until its products are read, whether the quote ships (and so what a save sends) is not known.
  if (!draft || !lines || !state.productsKnown) return <Spinner />;
  const names = open && (state.mayAccept || state.mayModify);
  const shipping = open && state.mayModify;
  const expired = quoteExpired(quote);
  const named = lines.filter((line) => nameFieldsOf(line).length > 0);
  const acceptBlocker = !state.mayAccept
    ? null
    : state.changed
      ? 'quote_view.save_to_accept'
      : !state.complete
        ? 'checkout_complete_required_fields'
        : null;
  const acceptButton = (
    <button
      type="button"
      className="button button--primary"
      disabled={acceptBlocker !== null || state.busy}
      onClick={() => setConfirming(true)}
      data-testid="inward-accept"
    >
      {t('quotes.accept')}
    </button>
  );
  return (
    <div className="quote-view" data-testid="inward-quote">
      <RouteLink to="quotesinward">← {t('quote_view.back_inward')}</RouteLink>
      <h1>{t('quote_view.heading', { name: quote.name, status: enumText(t, 'quote_status', quote.quote_status) })}</h1>
      {expired && (
        <p role="alert" className="quote-wizard__approval" data-testid="quote-expired">
          {t('quote_view.expired')}
        </p>
      )}
      {!expired && !open && (
        <p className="note" data-testid="quote-closed">
          {t('quote_view.closed', { status: enumText(t, 'quote_status', quote.quote_status) })}
        </p>
      )}
      <QuoteFacts quote={quote} />
      <h2>{t('quote_wizard.lines')}</h2>
      <QuoteLinesView quote={quote} lines={lines} />
      <QuoteRevisions quote={quote} />
      {named.length > 0 && (
        <section data-testid="inward-names">
          <h2>{t('quote_view.subscription_names')}</h2>
          {named.map((line) => (
            <fieldset key={line.id} className="quote-view__names" data-testid={`names-${line.id}`}>
              <legend>{line.name}</legend>
              <LineDetailFields
                type={line.subscription_type}
                details={draft.names[line.id] ?? {}}
                problem={undefined}
                editable={names}
                onChange={(field, value) => state.editName(line.id, field as NameField, value)}
              />
            </fieldset>
          ))}
        </section>
      )}
      <section className="checkout" data-testid="inward-completion">
        <h2>{t('quote_view.your_details')}</h2>
        <TextField
          id="purchase_order_number"
          label={t('quotes.purchase_order_number')}
          value={draft.purchase_order_number}
          max={45}
          readOnly={!names}
          invalid={state.poTaken}
          onChange={(value) => state.edit({ purchase_order_number: value })}
        >
          {state.poTaken && (
            <p className="form-field__warning" role="alert" data-testid="po-warning">
              {t('problem.non_unique_po_number')}
            </p>
          )}
        </TextField>
        <div className="form-field">
          <label htmlFor="provisioning_instructions">{t('baskets.provisioning_instructions')}</label>
          <textarea
            id="provisioning_instructions"
            value={draft.provisioning_instructions ?? ''}
            disabled={!shipping}
            onChange={(event) => state.edit({ provisioning_instructions: event.target.value || null })}
          />
        </div>
        {state.shippable ? (
          <ShippingTab
            addresses={state.addresses}
            countries={state.countries}
            currency={quote.currency}
            draft={draft}
            options={state.options}
            disabled={!shipping}
            onChange={state.edit}
          />
        ) : (
          <p className="note" data-testid="digital-delivery">
            {t('quote_view.digital_delivery')}
          </p>
        )}
      </section>
      {open && (state.mayAccept || state.mayModify) && (
        <div className="basket-page__buttons quote-view__buttons">
          <button
            type="button"
            className="button"
            disabled={!state.changed || state.busy}
            onClick={() => void state.save()}
            data-testid="inward-save"
          >
            {t('quote_wizard.save')}
          </button>
          <button
            type="button"
            className="button"
            disabled={!state.changed || state.busy}
            onClick={state.cancel}
            data-testid="inward-cancel"
          >
            {t('quote_wizard.cancel')}
          </button>
          {state.mayAccept && (acceptBlocker ? <Tooltip text={t(acceptBlocker)}>{acceptButton}</Tooltip> : acceptButton)}
        </div>
      )}
      <Modal
        open={confirming}
        title={t('quotes.accept')}
        closeLabel={t('alert.close')}
        onClose={() => setConfirming(false)}
        footer={
          <>
            <button type="button" className="button" disabled={state.busy} onClick={() => setConfirming(false)}>
              {t('confirm.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={state.busy}
              data-testid="inward-accept-proceed"
              onClick={() => {
                setConfirming(false);
                void state.accept();
              }}
            >
              {t('confirm.proceed')}
            </button>
          </>
        }
      >
        <p>{t('confirm.accept_quote', { name: quote.name })}</p>
      </Modal>
    </div>
  );
}
