import '../checkout/checkout.css';
import './quotes.css';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { MessageKey } from '../../runtime/generated/messages';
import { formatMoney } from '../../runtime/format/money';
import { useT } from '../../runtime/i18n/useT';
import { useOrganisationOptions } from '../../runtime/list/useOrganisationOptions';
import { RouteLink } from '../../runtime/routing/RouteLink';
import { useRouteNavigate } from '../../runtime/routing/useRouteNavigate';
import { Modal } from '../../runtime/ui/Modal';
import { Spinner } from '../../runtime/ui/Spinner';
import { ShippingTab } from '../checkout/ShippingTab';
import { QuoteConfirmationTab } from './QuoteConfirmationTab';
import { QuoteDetailsTab } from './QuoteDetailsTab';
import { QuoteInfoTab } from './QuoteInfoTab';
import { QuotePaymentTab } from './QuotePaymentTab';
import { nextQuoteStep, previousQuoteStep, QUOTE_TABS, quoteStepReachable, type QuoteStep } from './quoteSteps';
import { useQuoteWizard } from './useQuoteWizard';

const TAB_LABELS: Record<QuoteStep, MessageKey> = {
  details: 'quote_wizard.tab_details',
  info: 'checkout.tab_info',
  shipping: 'checkout.tab_shipping',
  payment: 'checkout.tab_payment',
  confirmation: 'checkout.tab_confirmation',
};

/**
 * Routes quoteoutward_new and quoteoutward_edit (001 §2 quote edit wizard): a new quote, or the
 * sender's DRAFT (another organisation's is forbidden, a sent or missing one not found). Tabs
 * Quote details, Additional info, Shipping (the digital-delivery note when nothing ships),
 * Payment and Confirmation, Next and Previous with their gates, Send quote on the last; Save and
 * Cancel while something changed, Delete, and the approval warning with Approve (001 §2, §4, §5).
 * The key makes a newly saved quote's route a fresh editor.
 */
export function QuoteWizard() {
  const { id } = useParams();
  return <QuoteEditor key={id ?? 'new'} id={id} />;
}

function QuoteEditor({ id }: { id: string | undefined }) {
  const t = useT();
  const goTo = useRouteNavigate();
  const wizard = useQuoteWizard(id);
  const { status, draft, quote, step, setStep, shippable, progress } = wizard;
  /** The action waiting for its confirmation (001 §2: each action asks first). */
  const [confirming, setConfirming] = useState<'delete' | 'send' | 'approve' | null>(null);
  const recipients = useOrganisationOptions(true, { is_linked: true, has_catalogue: true });
  useEffect(() => {
    if (status === 'notFound' || status === 'forbidden') goTo(status, {}, { replace: true });
  }, [status, goTo]);
  // A tab the changes made unreachable (lines removed, recipient changed) falls back to the first.
  const reachableNow = quoteStepReachable(step, shippable, progress) && !(step === 'shipping' && !shippable);
  useEffect(() => {
    if (!reachableNow) setStep('details');
  }, [reachableNow, setStep]);
  if (status !== 'loaded') return <Spinner />;

  const next = nextQuoteStep(step, shippable);
  const previous = previousQuoteStep(step, shippable);
  const recipientName =
    recipients.status === 'ready'
      ? (recipients.organisations.find((organisation) => organisation.id === draft.organisation_to)?.name ?? '')
      : '';
  const title = quote ? t('quote_wizard.title', { name: quote.name }) : t('quote_wizard.title_new');
  const canSave = wizard.changed && !wizard.busy && progress.details;

  return (
    <div className="checkout quote-wizard" data-testid="quote-wizard">
      <RouteLink to="quotesoutward">← {t('quote_wizard.back')}</RouteLink>
      <header className="page-header">
        <h1>{title}</h1>
        <div className="page-header__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={!canSave}
            onClick={() => void wizard.save()}
            data-testid="quote-save"
          >
            {t('quote_wizard.save')}
          </button>
          <button
            type="button"
            className="button"
            disabled={!wizard.changed || wizard.busy}
            onClick={wizard.cancel}
            data-testid="quote-cancel"
          >
            {t('quote_wizard.cancel')}
          </button>
          {/* A later revision's draft was sent before: it stays on record (the server refuses to delete it). */}
          {quote && wizard.mayAmend && quote.revision === 1 && (
            <button
              type="button"
              className="button button--danger"
              disabled={wizard.busy}
              onClick={() => setConfirming('delete')}
              data-testid="quote-delete"
            >
              {t('quote_wizard.delete')}
            </button>
          )}
        </div>
      </header>
      {quote && quote.revision > 1 && <p className="note" data-testid="quote-revision">{`${t('quotes.revision')} ${quote.revision}`}</p>}
      {quote?.requires_approval && (
        <p role="alert" className="quote-wizard__approval" data-testid="approval-warning">
          {t('problem.quote_requires_approval')}{' '}
          {wizard.mayApprove && (
            <button
              type="button"
              className="button button--link"
              disabled={wizard.busy || wizard.changed}
              onClick={() => setConfirming('approve')}
              data-testid="quote-approve"
            >
              {t('quote_wizard.approve')}
            </button>
          )}
        </p>
      )}
      {wizard.changed && !progress.details && (
        <p className="note" data-testid="save-blocker">
          {t('quote_wizard.save_needs')}
        </p>
      )}
      <nav aria-label={t('quote_wizard.progress')}>
        <ol className="progress-map" data-testid="progress-map">
          {QUOTE_TABS.map((tab) => {
            const digital = tab === 'shipping' && !shippable;
            return (
              <li key={tab} className={tab === step ? 'progress-map__step progress-map__step--current' : 'progress-map__step'}>
                <button
                  type="button"
                  role="tab"
                  aria-selected={tab === step}
                  disabled={digital || !quoteStepReachable(tab, shippable, progress)}
                  onClick={() => setStep(tab)}
                  data-testid={`tab-${tab}`}
                >
                  {digital ? t('checkout.tab_digital') : t(TAB_LABELS[tab])}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      {step === 'details' && <QuoteDetailsTab wizard={wizard} />}
      {step === 'info' && <QuoteInfoTab wizard={wizard} />}
      {step === 'shipping' && (
        <ShippingTab
          addresses={wizard.addresses}
          countries={wizard.countries}
          currency={quote?.currency ?? 'GBP'}
          draft={draft}
          options={wizard.options}
          onChange={wizard.change}
        />
      )}
      {step === 'payment' && <QuotePaymentTab wizard={wizard} />}
      {step === 'confirmation' && (
        <QuoteConfirmationTab wizard={wizard} recipientName={recipientName} onSend={() => setConfirming('send')} />
      )}
      <p className="basket-page__total">
        {t('basket_page.total')}:{' '}
        <strong data-testid="quote-subtotal">
          {formatMoney(wizard.subtotal, quote?.currency ?? wizard.rows[0]?.product.currency ?? 'GBP')}
        </strong>
      </p>
      <footer className="checkout__nav">
        {previous && (
          <button type="button" className="button" onClick={() => setStep(previous)} data-testid="previous">
            {t('checkout.previous')}
          </button>
        )}
        {next && (
          <button
            type="button"
            className="button button--primary"
            disabled={!quoteStepReachable(next, shippable, progress)}
            onClick={() => setStep(next)}
            data-testid="next"
          >
            {t('checkout.next')}
          </button>
        )}
      </footer>
      {quote && (
        <Modal
          open={confirming !== null}
          title={t(confirming === 'send' ? 'quote_wizard.send' : confirming === 'approve' ? 'quote_wizard.approve' : 'quote_wizard.delete')}
          closeLabel={t('alert.close')}
          onClose={() => setConfirming(null)}
          footer={
            <>
              <button type="button" className="button" disabled={wizard.busy} onClick={() => setConfirming(null)}>
                {t('confirm.no')}
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={wizard.busy}
                data-testid="quote-confirm-yes"
                onClick={() => {
                  const action = confirming;
                  setConfirming(null);
                  void (action === 'send' ? wizard.send() : action === 'approve' ? wizard.approve() : wizard.remove());
                }}
              >
                {t('confirm.yes')}
              </button>
            </>
          }
        >
          <p>
            {t(confirming === 'send' ? 'confirm.send_quote' : confirming === 'approve' ? 'confirm.approve_quote' : 'confirm.delete_quote', {
              name: quote.name,
            })}
          </p>
        </Modal>
      )}
    </div>
  );
}
