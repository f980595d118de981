import { useEffect, useState } from 'react';
import { formatMoney } from '../../runtime/format/money';
import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { Modal } from '../../runtime/ui/Modal';
import { Spinner } from '../../runtime/ui/Spinner';
import { priceLine, toMoneyString } from '../../shared/pricing';
import { ZOOM_ORDER_TYPES } from '../../shared/baskets/lineDetails';
import { emailValid } from '../checkout/completeness';
import { TextField } from '../checkout/fields';
import type { DraftLine, QuoteProduct } from './quoteDraft';
import { useZoomGroups } from './useZoomGroups';
import {
  addOnPlan,
  addOnProblem,
  baseMatch,
  configurationOf,
  linesOf,
  quantityLimits,
  stageComplete,
  ZOOM_STAGES,
  ZOOM_TERMS,
  type ZoomConfiguration,
  type ZoomStage,
} from './zoomConfiguration';

const STAGE_LABELS: Record<ZoomStage, MessageKey> = {
  type: 'zoom_wizard.stage_type',
  baseproduct: 'zoom_wizard.stage_baseproduct',
  quantity: 'zoom_wizard.stage_quantity',
  termlength: 'zoom_wizard.stage_termlength',
  addons: 'zoom_wizard.stage_addons',
  dealreg: 'zoom_wizard.stage_dealreg',
  datacapture: 'zoom_wizard.stage_datacapture',
  summary: 'zoom_wizard.stage_summary',
};

interface Props {
  open: boolean;
  recipient: number | null;
  /** The quote's Zoom lines: the configuration they hold is the wizard's start, and Update quote replaces them. */
  lines: readonly DraftLine[];
  onClose: () => void;
  onUpdate: (lines: DraftLine[], products: QuoteProduct[]) => void;
}

const whole = (text: string) => (text.trim() === '' ? 0 : Number(text));

/**
 * 001 §2 Zoom configuration wizard, a modal of the quote editor: stages type, base product (the
 * LIVE Zoom BASE groups), quantity, term length, add-ons (the related add-on groups' products),
 * deal registration, end-user data capture and the summary, with Back and Next and, last, Update
 * quote, which writes the base line and the add-on lines, each carrying the Zoom order.
 */
export function ZoomWizard({ open, recipient, lines, onClose, onUpdate }: Props) {
  const t = useT();
  const groups = useZoomGroups(recipient, open);
  const [stage, setStage] = useState<ZoomStage>('type');
  const [configuration, setConfiguration] = useState<ZoomConfiguration | null>(null);
  // Each opening starts from the quote's lines, at the first stage.
  useEffect(() => {
    if (!open) {
      setConfiguration(null);
      setStage('type');
    } else if (groups && !configuration) setConfiguration(configurationOf(lines, groups));
  }, [open, groups, lines, configuration]);
  const change = (update: Partial<ZoomConfiguration>) => setConfiguration((current) => (current ? { ...current, ...update } : current));

  const index = ZOOM_STAGES.indexOf(stage);
  const ready = groups !== null && configuration !== null;
  const complete = ready && stageComplete(stage, configuration, groups);
  const group = ready ? groups.find((candidate) => candidate.id === configuration.group) : undefined;
  const base = ready ? baseMatch(group, configuration.term, configuration.quantity) : null;
  const money = (amount: string | null) => formatMoney(amount, base?.product.currency ?? 'GBP') ?? '--';
  const lineTotal = (product: QuoteProduct, quantity: number, planId: number | null) =>
    toMoneyString(priceLine(product, { quantity, ratePlanId: planId }).net);
  const update = () => {
    if (!ready) return;
    const written = linesOf(configuration, groups, lines);
    onUpdate(written, [...(group?.products ?? []), ...(group?.addOns ?? [])]);
  };

  const footer = (
    <>
      {index > 0 && (
        <button type="button" className="button" onClick={() => setStage(ZOOM_STAGES[index - 1]!)} data-testid="zoom-back">
          {t('zoom_wizard.back')}
        </button>
      )}
      {stage === 'summary' ? (
        <button type="button" className="button button--primary" disabled={!complete} onClick={update} data-testid="zoom-update">
          {t('zoom_wizard.update_quote')}
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={!complete}
          onClick={() => setStage(ZOOM_STAGES[index + 1]!)}
          data-testid="zoom-next"
        >
          {t('checkout.next')}
        </button>
      )}
    </>
  );

  return (
    <Modal
      open={open}
      title={`${t('quote_wizard.zoom_configure')}: ${t(STAGE_LABELS[stage])}`}
      closeLabel={t('alert.close')}
      onClose={onClose}
      footer={ready ? footer : undefined}
    >
      <div className="zoom-wizard" data-testid="zoom-wizard" data-stage={stage}>
        <ol className="zoom-wizard__stages">
          {ZOOM_STAGES.map((name, position) => (
            <li key={name} className={position === index ? 'zoom-wizard__stage--current' : undefined}>
              {t(STAGE_LABELS[name])}
            </li>
          ))}
        </ol>
        {!ready ? (
          <Spinner />
        ) : groups.length === 0 ? (
          <p role="alert">{t('zoom_wizard.no_groups')}</p>
        ) : (
          <>
            {stage === 'type' && (
              <div className="form-field">
                <label htmlFor="zoom_order_type">{t('checkout.zoom_order_type')} *</label>
                <select
                  id="zoom_order_type"
                  data-testid="zoom-order-type"
                  value={configuration.zoom_order_type}
                  onChange={(event) => change({ zoom_order_type: event.target.value })}
                >
                  <option value="">--</option>
                  {ZOOM_ORDER_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`zoom_order_type.${type}`)}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {stage === 'baseproduct' && (
              <fieldset data-testid="zoom-groups">
                <legend>{t('zoom_wizard.stage_baseproduct')} *</legend>
                {groups.map((candidate) => (
                  <label key={candidate.id} className="radio">
                    <input
                      type="radio"
                      name="zoom_group"
                      checked={configuration.group === candidate.id}
                      onChange={() => change({ group: candidate.id, addOns: {} })}
                    />
                    <span>
                      <strong>{candidate.name}</strong> {candidate.description}
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            {stage === 'quantity' && (
              <div className="form-field">
                <label htmlFor="zoom_quantity">{t('checkout.quantity')} *</label>
                <input
                  id="zoom_quantity"
                  type="number"
                  min={quantityLimits(group).min}
                  max={quantityLimits(group).max ?? undefined}
                  step={1}
                  data-testid="zoom-quantity"
                  value={configuration.quantity}
                  onChange={(event) => change({ quantity: whole(event.target.value) })}
                />
                <p className="note">
                  {t(quantityLimits(group).max === null ? 'zoom_wizard.quantity_from' : 'zoom_wizard.quantity_between', {
                    min: quantityLimits(group).min,
                    max: quantityLimits(group).max ?? '',
                  })}
                </p>
              </div>
            )}
            {stage === 'termlength' && (
              <fieldset data-testid="zoom-terms">
                <legend>{t('zoom_wizard.stage_termlength')} *</legend>
                {ZOOM_TERMS.map((term) => (
                  <label key={term} className="radio">
                    <input type="radio" name="zoom_term" checked={configuration.term === term} onChange={() => change({ term })} />
                    {t('checkout.months', { n: term })}
                  </label>
                ))}
                {base ? (
                  <p data-testid="zoom-base">
                    {t('zoom_wizard.base_is', {
                      product: base.product.name,
                      plan: base.plan.name,
                      total: money(lineTotal(base.product, configuration.quantity, base.plan.id)),
                    })}
                  </p>
                ) : (
                  <p role="alert" className="form-field__warning" data-testid="zoom-no-base">
                    {t('zoom_wizard.no_base', { n: configuration.quantity, term: configuration.term })}
                  </p>
                )}
              </fieldset>
            )}
            {stage === 'addons' && (
              <div data-testid="zoom-addons">
                {(group?.addOns ?? []).length === 0 && <p>{t('zoom_wizard.no_addons')}</p>}
                {(group?.addOns ?? []).map((product) => {
                  const quantity = configuration.addOns[product.id] ?? 0;
                  const problem = addOnProblem(product, quantity, configuration);
                  return (
                    <div key={product.id} className="form-field" data-testid="zoom-addon" data-product-code={product.product_code}>
                      <label htmlFor={`addon-${product.id}`}>{product.name}</label>
                      <input
                        id={`addon-${product.id}`}
                        type="number"
                        min={0}
                        step={1}
                        value={quantity}
                        aria-invalid={problem !== null}
                        onChange={(event) => change({ addOns: { ...configuration.addOns, [product.id]: whole(event.target.value) } })}
                      />
                      {problem && <span className="form-field__warning">{t(problem.key, problem.values)}</span>}
                      {quantity > 0 && !problem && (
                        <span className="note">
                          {money(lineTotal(product, quantity, addOnPlan(product, configuration.term)?.id ?? null))}
                        </span>
                      )}
                    </div>
                  );
                })}
              </div>
            )}
            {stage === 'dealreg' && (
              <>
                <TextField
                  id="zoom_deal_registration_id"
                  label={t('checkout.zoom_deal_registration_id')}
                  value={configuration.zoom_deal_registration_id}
                  max={100}
                  onChange={(value) => change({ zoom_deal_registration_id: value ?? '' })}
                />
                <TextField
                  id="zoom_deal_registration_approval_id"
                  label={t('checkout.zoom_deal_registration_approval_id')}
                  value={configuration.zoom_deal_registration_approval_id}
                  max={100}
                  onChange={(value) => change({ zoom_deal_registration_approval_id: value ?? '' })}
                />
              </>
            )}
            {stage === 'datacapture' && (
              <>
                <TextField
                  id="zoom_end_user_company"
                  label={t('checkout.zoom_end_user_company')}
                  value={configuration.zoom_end_user_company}
                  max={100}
                  required
                  onChange={(value) => change({ zoom_end_user_company: value ?? '' })}
                />
                <TextField
                  id="zoom_end_user_name"
                  label={t('checkout.zoom_end_user_name')}
                  value={configuration.zoom_end_user_name}
                  max={100}
                  required
                  onChange={(value) => change({ zoom_end_user_name: value ?? '' })}
                />
                <TextField
                  id="zoom_end_user_email"
                  type="email"
                  label={t('checkout.zoom_end_user_email')}
                  value={configuration.zoom_end_user_email}
                  max={100}
                  required
                  invalid={!emailValid(configuration.zoom_end_user_email)}
                  onChange={(value) => change({ zoom_end_user_email: value ?? '' })}
                >
                  {!emailValid(configuration.zoom_end_user_email) && <p className="form-field__warning">{t('email_regex')}</p>}
                </TextField>
              </>
            )}
            {stage === 'summary' && (
              <dl className="record-fields" data-testid="zoom-summary">
                <dt>{t('checkout.zoom_order_type')}</dt>
                <dd>{configuration.zoom_order_type ? t(`zoom_order_type.${configuration.zoom_order_type as 'NEW_BUSINESS'}`) : ''}</dd>
                <dt>{t('zoom_wizard.stage_baseproduct')}</dt>
                <dd>{base ? `${base.product.name} (${base.plan.name}) × ${configuration.quantity}` : ''}</dd>
                <dt>{t('zoom_wizard.stage_termlength')}</dt>
                <dd>{t('checkout.months', { n: configuration.term })}</dd>
                <dt>{t('zoom_wizard.stage_addons')}</dt>
                <dd>
                  {(group?.addOns ?? [])
                    .filter((product) => (configuration.addOns[product.id] ?? 0) > 0)
                    .map((product) => `${product.name} × ${configuration.addOns[product.id]}`)
                    .join(', ') || '--'}
                </dd>
                <dt>{t('zoom_wizard.stage_dealreg')}</dt>
                <dd>
                  {[configuration.zoom_deal_registration_id, configuration.zoom_deal_registration_approval_id]
                    .filter(Boolean)
                    .join(' / ') || '--'}
                </dd>
                <dt>{t('zoom_wizard.stage_datacapture')}</dt>
                <dd>{`${configuration.zoom_end_user_company}, ${configuration.zoom_end_user_name} <${configuration.zoom_end_user_email}>`}</dd>
              </dl>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
