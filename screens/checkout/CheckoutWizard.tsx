import './checkout.css';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { useRouteNavigate } from '../../runtime/routing/useRouteNavigate';
import { Modal } from '../../runtime/ui/Modal';
import { Spinner } from '../../runtime/ui/Spinner';
import { ConfirmationTab } from './ConfirmationTab';
import { DetailsTab } from './DetailsTab';
import { PaymentTab } from './PaymentTab';
import { ShippingTab } from './ShippingTab';
import { useCheckoutWizard } from './useCheckoutWizard';
import { nextStep, previousStep, reachable, tabs, type Step } from './wizardSteps';

const TAB_LABELS: Record<Step, MessageKey> = {
  details: 'checkout.tab_details',
  info: 'checkout.tab_info',
  shipping: 'checkout.tab_shipping',
  payment: 'checkout.tab_payment',
  confirmation: 'checkout.tab_confirmation',
};

/**
 * Route basket_checkout (/webstore/baskets/:id/checkout, 000 §2.9): the checkout wizard. Every
 * figure shown comes from the shared pricing rules; the server recomputes them all on Place order.
 */
export function CheckoutWizard() {
  const { id } = useParams();
  const basketId = Number(id);
  const t = useT();
  const goTo = useRouteNavigate();
  const wizard = useCheckoutWizard(basketId);
  const { data, draft, flow, progress, step, setStep } = wizard;
  // 000 §8: a basket that cannot be loaded goes to notFound.
  useEffect(() => {
    if (wizard.failed) goTo('notFound', {}, { replace: true });
  }, [wizard.failed, goTo]);
  if (!data || !draft || !wizard.user) return <Spinner />;

  const next = nextStep(step, flow);
  const previous = previousStep(step, flow);
  const canNext = next !== null && reachable(next, flow, progress);
  const title = data.basket.name ?? String(data.basket.id);
  const savable = wizard.changed && !wizard.busy && draft.lines.some((line) => (line.quantity ?? 0) > 0);

  return (
    <div className="checkout" data-testid="checkout-wizard">
      <header className="page-header">
        <h1>{t('baskets.checkout_title', { name: title })}</h1>
        <div className="page-header__actions">
          {/* Save for later saves the basket (PUT /baskets/{id}): order:modify_draft's (000 §6). */}
          {wizard.linesEditable && (
            <button
              type="button"
              className="button"
              disabled={!savable}
              onClick={() => void wizard.saveForLater()}
              data-testid="save-for-later"
            >
              {t('checkout.save_for_later')}
            </button>
          )}
          <button type="button" className="button" onClick={() => goTo('basket', { id: basketId })} data-testid="cancel-changes">
            {t('checkout.cancel_changes')}
          </button>
        </div>
      </header>
      <nav aria-label={t('checkout.progress')}>
        <ol className="progress-map" data-testid="progress-map">
          {tabs(flow).map((tab) => {
            const digital = tab === 'shipping' && !flow.shippable;
            const label = digital ? t('checkout.tab_digital') : t(TAB_LABELS[tab]);
            return (
              <li key={tab} className={tab === step ? 'progress-map__step progress-map__step--current' : 'progress-map__step'}>
                <button
                  type="button"
                  role="tab"
                  aria-selected={tab === step}
                  disabled={digital || !reachable(tab, flow, progress)}
                  onClick={() => setStep(tab)}
                  data-testid={`tab-${tab}`}
                >
                  {label}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      {step === 'details' && (
        <DetailsTab
          data={data}
          draft={draft}
          rows={wizard.rows}
          poRequired={wizard.organisation?.po_number_required ?? false}
          poTaken={wizard.poTaken}
          problems={wizard.detailProblems}
          root={wizard.user.root}
          linesEditable={wizard.linesEditable}
          onChange={wizard.change}
          onLine={wizard.changeLine}
        />
      )}
      {step === 'info' && (
        <section data-testid="checkout-info">
          <div className="form-field">
            <label htmlFor="provisioning_instructions">{t('baskets.provisioning_instructions')}</label>
            <textarea
              id="provisioning_instructions"
              value={draft.provisioning_instructions ?? ''}
              onChange={(event) => wizard.change({ provisioning_instructions: event.target.value || null })}
            />
          </div>
        </section>
      )}
      {step === 'shipping' && (
        <ShippingTab
          addresses={data.addresses}
          countries={data.countries}
          currency={data.basket.currency}
          draft={draft}
          options={wizard.options}
          onChange={wizard.change}
        />
      )}
      {step === 'payment' && (
        <PaymentTab
          draft={draft}
          countries={data.countries}
          rows={wizard.rows}
          currency={data.basket.currency}
          shipping={wizard.shipping}
          reseller={wizard.organisation?.finance_type === 'RESELLER'}
          financeable={wizard.financeable}
          approved={wizard.approved}
          applying={wizard.busy}
          refusal={wizard.refusal}
          onChange={wizard.change}
          onApply={() => void wizard.apply()}
        />
      )}
      {step === 'confirmation' && (
        <ConfirmationTab
          draft={draft}
          rows={wizard.rows}
          currency={data.basket.currency}
          shippable={flow.shippable}
          shippingName={wizard.chosen ? (wizard.chosen.rule as unknown as { name: string }).name : null}
          shippingCost={wizard.shipping}
          subtotal={wizard.subtotal}
          placing={wizard.busy}
          onPlace={() => void wizard.place()}
        />
      )}
      <footer className="checkout__nav">
        {previous && (
          <button type="button" className="button" onClick={() => setStep(previous)} data-testid="previous">
            {t('checkout.previous')}
          </button>
        )}
        {next && (
          <button type="button" className="button button--primary" disabled={!canNext} onClick={() => setStep(next)} data-testid="next">
            {t('checkout.next')}
          </button>
        )}
      </footer>
      <Modal
        open={wizard.modal === 'approved'}
        title={t('checkout.finance_approved_title')}
        onClose={() => wizard.setModal(null)}
        footer={
          <button
            type="button"
            className="button button--primary"
            data-testid="approved-proceed"
            onClick={() => {
              wizard.setModal(null);
              setStep('confirmation');
            }}
          >
            {t('checkout.proceed')}
          </button>
        }
      >
        <p>{t('checkout.finance_approved_text')}</p>
      </Modal>
      <Modal
        open={wizard.modal === 'declined'}
        title={t('checkout.finance_declined_title')}
        onClose={() => wizard.setModal(null)}
        footer={
          <button
            type="button"
            className="button button--primary"
            data-testid="declined-proceed"
            onClick={() => {
              wizard.setModal(null);
              wizard.change({ payment_type: 'ON_ACCOUNT' });
            }}
          >
            {t('checkout.proceed')}
          </button>
        }
      >
        <p>{t('checkout.finance_declined_text')}</p>
      </Modal>
      <Modal
        open={wizard.modal === 'placed'}
        title={t('checkout.order_placed_title')}
        onClose={() => goTo('order', { id: wizard.placedId ?? 0 })}
        footer={
          <button
            type="button"
            className="button button--primary"
            data-testid="placed-close"
            onClick={() => goTo('order', { id: wizard.placedId ?? 0 })}
          >
            {t('checkout.view_order')}
          </button>
        }
      >
        <p>{t('checkout.order_placed_text')}</p>
      </Modal>
    </div>
  );
}
