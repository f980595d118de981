import { formatPercent } from '../../runtime/format/percent';
import { formatMoney } from '../../runtime/format/money';
import { useT } from '../../runtime/i18n/useT';
import { toMoneyString } from '../../shared/pricing';
import type { Product } from '../product/productTypes';
import {
  detailProblems,
  lineQuantityProblem,
  lineQuantityRules,
  priceDraftLine,
  quantityAfterPlanChange,
  type BasketDraft,
  type DraftLine,
  type LineDetailField,
} from './basketDraft';
import { DovetailTarget } from './DovetailTarget';
import { LineDetailFields } from './LineDetailFields';
import { LineQuantityInput } from './LineQuantityInput';
import { standingRefusal } from './lineRefusal';
import type { BasketEditor } from './useBasketEditor';

interface Props {
  editor: BasketEditor;
  draft: BasketDraft;
  editable: boolean;
  /** Root users see the margin columns (000 §2.8, §6). */
  root: boolean;
  currency: string;
}

const id = (value: string): number | null => (value === '' ? null : Number(value));

/**
 * 000 §2.8 line items: quantity (000 §5 rules shown as they are broken), rate plan, maintenance,
 * provisioning, discount, the Dropbox / Acronis / named-order details of the line's subscription
 * type, prices from shared/pricing, and for root users the margin columns. Quantity 0 or Remove
 * takes the line out on save.
 */
export function BasketLinesTable({ editor, draft, editable, root, currency }: Props) {
  const t = useT();
  const money = (amount: string | null) => formatMoney(amount, currency) ?? '--';
  const setLine = (lineId: number, change: Partial<DraftLine>) =>
    editor.edit((current) => ({ ...current, lines: current.lines.map((line) => (line.id === lineId ? { ...line, ...change } : line)) }));
  const setDetail = (line: DraftLine, field: LineDetailField, value: string) =>
    setLine(line.id, { details: { ...line.details, [field]: value } });

  const details = detailProblems(draft, editor.teamNames);
  if (draft.lines.length === 0) return <p data-testid="basket-no-lines">{t('basket_page.no_lines')}</p>;
  return (
    <table className="basket-lines" data-testid="basket-lines">
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
          {root && (
            <>
              <th>{t('basket_page.rrp')}</th>
              <th>{t('basket_page.markup')}</th>
              <th>{t('basket_page.margin')}</th>
              <th>{t('basket_page.end_user_price')}</th>
            </>
          )}
          <th />
        </tr>
      </thead>
      <tbody>
        {draft.lines.map((line) => {
          const product: Product | undefined = editor.products.get(line.product);
          const priced = priceDraftLine(line, product);
          const problem = lineQuantityProblem(line, product);
          const markupProblem = priced?.problems.find((candidate) => candidate.field === 'markup');
          return (
            <tr
              key={line.id}
              data-testid="basket-line"
              data-product-code={line.product_code}
              className={line.quantity === 0 ? 'basket-lines__removed' : undefined}
            >
              <td>
                <strong>{line.name}</strong>
                <div className="basket-lines__code">{line.product_code}</div>
              </td>
              <td>
                <LineQuantityInput
                  quantity={line.quantity}
                  {...lineQuantityRules(line.selected_rate_plan, product, root)}
                  disabled={!editable || !product}
                  problem={problem}
                  onChange={(quantity) => setLine(line.id, { quantity })}
                  testId="line-quantity"
                />
              </td>
              <td>
                {product && product.rate_plans.length > 0 ? (
                  <select
                    value={line.selected_rate_plan ?? ''}
                    disabled={!editable || product.rate_plans.length < 2}
                    aria-label={t('basket_page.rate_plan')}
                    onChange={(event) => {
                      const planId = id(event.target.value);
                      setLine(line.id, {
                        selected_rate_plan: planId,
                        quantity: quantityAfterPlanChange(line.quantity, planId, product, root),
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
                    disabled={!editable}
                    aria-label={t('basket_dialog.maintenance')}
                    onChange={(event) => setLine(line.id, { maintenance_product: id(event.target.value) })}
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
                    disabled={!editable}
                    aria-label={t('basket_dialog.provisioning')}
                    onChange={(event) => setLine(line.id, { prov_product: id(event.target.value) })}
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
                {editor.dovetail && product?.provisioning.find((option) => option.id === line.prov_product)?.dovetail && (
                  <DovetailTarget
                    line={line}
                    editable={editable}
                    choices={editor.dovetail}
                    onChange={(change) => setLine(line.id, change)}
                  />
                )}
              </td>
              <td data-testid="line-discount">{formatPercent(line.discount ?? 0)}</td>
              <td className="basket-lines__details">
                <LineDetailFields
                  type={line.subscription_type}
                  details={line.details}
                  problem={
                    details.get(line.id) ??
                    standingRefusal(editor.refusal, line.id, (field) => line.details[field as LineDetailField] ?? '')
                  }
                  editable={editable}
                  onChange={(field, value) => setDetail(line, field, value)}
                />
              </td>
              <td data-testid="line-price">{money(priced?.unitPrice ? toMoneyString(priced.unitPrice) : null)}</td>
              <td data-testid="line-subtotal">{money(priced ? toMoneyString(priced.net) : null)}</td>
              {root && (
                <>
                  <td>{money(priced?.rrpTotal ? toMoneyString(priced.rrpTotal) : null)}</td>
                  <td>
                    <input
                      type="number"
                      min={0}
                      step={0.0001}
                      value={line.markup ?? ''}
                      disabled={!editable}
                      aria-label={t('basket_page.markup')}
                      aria-invalid={markupProblem !== undefined}
                      onChange={(event) => setLine(line.id, { markup: event.target.value === '' ? null : event.target.value })}
                    />
                    {markupProblem && (
                      <span className="form__warning">
                        {t(
                          markupProblem.code === 'min_margin_tooltip' ? 'min_margin_tooltip' : 'max_margin_tooltip',
                          markupProblem.values as Record<string, string>,
                        )}
                      </span>
                    )}
                  </td>
                  <td>{money(priced ? toMoneyString(priced.marginAmount) : null)}</td>
                  <td>{money(priced ? toMoneyString(priced.endUserTotal) : null)}</td>
                </>
              )}
              <td>
                {editable && line.quantity > 0 && (
                  <button
                    type="button"
                    className="button button--link"
                    onClick={() => setLine(line.id, { quantity: 0 })}
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
