import { formatMoney } from '../../runtime/format/money';
import { useT } from '../../runtime/i18n/useT';
import { Tooltip } from '../../runtime/ui/Tooltip';
import { toMoneyString } from '../../shared/pricing';
import { lineQuantityRules, quantityAfterPlanChange } from '../baskets/basketDraft';
import { DovetailTarget } from '../baskets/DovetailTarget';
import { LineDetailFields } from '../baskets/LineDetailFields';
import { LineQuantityInput } from '../baskets/LineQuantityInput';
import { standingRefusal } from '../baskets/lineRefusal';
import '../baskets/baskets.css';
import { baseZoomSeats, detailProblems, discountProblem, lineQuantityProblem, priceDraftLine, type DraftLine } from './quoteDraft';
import type { QuoteWizardState } from './useQuoteWizard';

const id = (value: string): number | null => (value === '' ? null : Number(value));

interface Props {
  wizard: QuoteWizardState;
  /** Opens the Zoom configuration wizard on a Zoom line (001 §2). */
  onZoom?: (line: DraftLine) => void;
}

/**
 * 001 §2 Quote details line items, a basket line's editor with a discount (001 §5): quantity with
 * the rate plan's limits and the base Zoom seats as the cap of a SEAT product, rate plan,
 * maintenance, provisioning (and its Dovetail target), a whole discount 0–100 (disabled with
 * product_not_discountable), the per-kind details, and the prices shared/pricing gives, as the
 * server will price them. The sender chooses quantities: the root lock of a buyer's basket does
 * not apply to a quote.
 */
export function QuoteLinesTable({ wizard, onZoom }: Props) {
  const t = useT();
  const { draft, products, changeLine, refusal, dovetail } = wizard;
  const currency = wizard.quote?.currency ?? [...products.values()][0]?.currency ?? 'GBP';
  const money = (amount: string | null) => formatMoney(amount, currency) ?? '--';
  const seats = baseZoomSeats(draft, products);
  const problems = detailProblems(draft, products);
  if (draft.lines.length === 0) return <p data-testid="quote-no-lines">{t('quote_wizard.no_lines')}</p>;
  return (
    <table className="basket-lines" data-testid="quote-lines">
      <thead>
        <tr>
          <th>{t('basket_page.product')}</th>
          <th>{t('basket_page.quantity')}</th>
          <th>{t('basket_page.rate_plan')}</th>
          <th>{t('basket_dialog.maintenance')}</th>
          <th>{t('basket_dialog.provisioning')}</th>
          <th>{t('basket_page.discount')}</th>
          <th>{t('basket_page.line_details')}</th>
          <th>{t('basket_page.price')}</th>
          <th>{t('basket_page.subtotal')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {draft.lines.map((line) => {
          const product = products.get(line.product);
          const priced = line.quantity > 0 ? priceDraftLine(line, product) : null;
          const discount = discountProblem(line.discount, product);
          const discountable = product?.discountable !== false;
          const zoom = product?.subscription_type === 'ZOOM';
          const discountInput = (
            <input
              type="number"
              min={0}
              max={100}
              step={1}
              inputMode="numeric"
              className="store-input"
              aria-label={t('basket_page.discount')}
              data-testid="line-discount"
              value={line.discount}
              disabled={!product || !discountable}
              aria-invalid={discount !== null}
              onChange={(event) => changeLine(line.key, { discount: event.target.value === '' ? 0 : Number(event.target.value) })}
            />
          );
          return (
            <tr
              key={line.key}
              data-testid="quote-line"
              data-product-code={product?.product_code}
              className={line.quantity === 0 ? 'basket-lines__removed' : undefined}
            >
              <td>
                <strong>{product?.name ?? '…'}</strong>
                <div className="basket-lines__code">{product?.product_code}</div>
              </td>
              <td>
                <LineQuantityInput
                  quantity={line.quantity}
                  {...lineQuantityRules(line.selected_rate_plan, product, false)}
                  disabled={!product}
                  problem={lineQuantityProblem(line, product, seats)}
                  onChange={(quantity) => changeLine(line.key, { quantity })}
                  testId="line-quantity"
                />
              </td>
              <td>
                {product && product.rate_plans.length > 0 ? (
                  <select
                    value={line.selected_rate_plan ?? ''}
                    disabled={product.rate_plans.length < 2}
                    aria-label={t('basket_page.rate_plan')}
                    data-testid="line-rate-plan"
                    onChange={(event) => {
                      const planId = id(event.target.value);
                      changeLine(line.key, {
                        selected_rate_plan: planId,
                        quantity: quantityAfterPlanChange(line.quantity, planId, product, false),
                      });
                    }}
                  >
                    {product.rate_plans.map((plan) => (
                      <option key={plan.id} value={plan.id}>
                        {plan.name}
                      </option>
                    ))}
                  </select>
                ) : (
                  '—'
                )}
              </td>
              <td>
                {product && product.maintenance.length > 0 ? (
                  <select
                    value={line.maintenance_product ?? ''}
                    aria-label={t('basket_dialog.maintenance')}
                    data-testid="line-maintenance"
                    aria-invalid={line.maintenance_product === null}
                    onChange={(event) => changeLine(line.key, { maintenance_product: id(event.target.value) })}
                  >
                    <option value="">{t('basket_dialog.choose_maintenance')}</option>
                    {product.maintenance.map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.name}
                      </option>
                    ))}
                  </select>
                ) : (
                  '—'
                )}
              </td>
              <td>
                {product && product.provisioning.length > 0 ? (
                  <select
                    value={line.prov_product ?? ''}
                    aria-label={t('basket_dialog.provisioning')}
                    data-testid="line-provisioning"
                    onChange={(event) => changeLine(line.key, { prov_product: id(event.target.value) })}
                  >
                    <option value="">{t('basket_dialog.no_provisioning')}</option>
                    {product.provisioning.map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.name}
                      </option>
                    ))}
                  </select>
                ) : (
                  '—'
                )}
                {dovetail && product?.provisioning.find((option) => option.id === line.prov_product)?.dovetail && (
                  <DovetailTarget line={line} editable choices={dovetail} onChange={(target) => changeLine(line.key, target)} />
                )}
              </td>
              <td>
                {discountable ? discountInput : <Tooltip text={t('problem.product_not_discountable')}>{discountInput}</Tooltip>}
                {discount && discount !== 'product_not_discountable' && (
                  <span className="form__warning" data-testid="line-discount-problem">
                    {t(discount)}
                  </span>
                )}
              </td>
              <td className="basket-lines__details">
                {zoom && onZoom ? (
                  <button type="button" className="button" data-testid="line-zoom" onClick={() => onZoom(line)}>
                    {t('quote_wizard.zoom_configure')}
                  </button>
                ) : (
                  <LineDetailFields
                    type={product?.subscription_type}
                    details={line.details}
                    problem={
                      problems.get(line.key) ??
                      standingRefusal(refusal, line.key, (field) => line.details[field as keyof DraftLine['details']] ?? '')
                    }
                    editable
                    onChange={(field, value) => changeLine(line.key, { details: { ...line.details, [field]: value } })}
                  />
                )}
              </td>
              <td data-testid="line-price">{money(priced?.unitPrice ? toMoneyString(priced.unitPrice) : null)}</td>
              <td data-testid="line-subtotal">{money(priced ? toMoneyString(priced.net) : null)}</td>
              <td>
                {line.quantity > 0 && (
                  <button
                    type="button"
                    className="button button--link"
                    onClick={() => changeLine(line.key, { quantity: 0 })}
                    data-testid="line-remove"
                  >
                    {t('basket_page.remove')}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
