import { useT } from '../../runtime/i18n/useT';
import { formatMoney } from '../../runtime/format/money';
import type { DetailProblem } from '../../shared/baskets/lineDetails';
import { lineQuantityProblem, lineQuantityRules } from '../baskets/basketDraft';
import { LineDetailFields } from '../baskets/LineDetailFields';
import { LineQuantityInput } from '../baskets/LineQuantityInput';
import '../baskets/baskets.css';
import type { CheckoutData, CheckoutLine, Draft, PricedRow } from './checkoutData';
import { emailValid } from './completeness';
import { TextField } from './fields';

interface DetailsTabProps {
  data: CheckoutData;
  draft: Draft;
  rows: PricedRow[];
  poRequired: boolean;
  poTaken: boolean;
  /** Each line's broken line-detail rule, as typed or as the server refused it. */
  problems: ReadonlyMap<number, DetailProblem>;
  /** Root users cannot change quantities (000 §5). */
  root: boolean;
  /** Without order:modify_draft the lines (quantities, subscription details) are read-only (000 §6). */
  linesEditable: boolean;
  onChange: (change: Partial<Draft>) => void;
  onLine: (id: number, change: Partial<CheckoutLine>) => void;
}

/**
 * 000 §2.9 Order details: name and hub reference, PO number, ZOOM end user, and the lines with
 * their quantity and subscription details, edited with the basket page's own inputs and rules —
 * or shown in them read-only to a user who may check out but not edit baskets (000 §6).
 */
export function DetailsTab({ data, draft, rows, poRequired, poTaken, problems, root, linesEditable, onChange, onLine }: DetailsTabProps) {
  const t = useT();
  const zoom = rows.some((row) => row.product.subscription_type === 'ZOOM');
  return (
    <section data-testid="checkout-details">
      <dl className="record-fields">
        <dt>{t('checkout.basket_name')}</dt>
        <dd>{data.basket.name ?? data.basket.id}</dd>
        <dt>{t('baskets.id')}</dt>
        <dd data-testid="hub-ref">{data.basket.id}</dd>
      </dl>
      <TextField
        id="purchase_order_number"
        label={t('baskets.purchase_order_number')}
        value={draft.purchase_order_number}
        max={45}
        required={poRequired}
        invalid={poTaken}
        onChange={(value) => onChange({ purchase_order_number: value })}
      >
        {poTaken && (
          <p className="form-field__warning" role="alert" data-testid="po-warning">
            {t('problem.non_unique_po_number')}
          </p>
        )}
      </TextField>
      {zoom && (
        <>
          <TextField
            id="end_user"
            label={t('baskets.end_user')}
            value={draft.end_user}
            max={45}
            required
            onChange={(value) => onChange({ end_user: value })}
          />
          <TextField
            id="end_user_email"
            type="email"
            label={t('baskets.end_user_email')}
            value={draft.end_user_email}
            max={100}
            required
            invalid={!emailValid(draft.end_user_email)}
            onChange={(value) => onChange({ end_user_email: value })}
          >
            {!emailValid(draft.end_user_email) && (
              <p className="form-field__warning" data-testid="end-user-email-problem">
                {t('email_regex')}
              </p>
            )}
          </TextField>
        </>
      )}
      <table className="table" data-testid="checkout-lines">
        <thead>
          <tr>
            <th>{t('checkout.product')}</th>
            <th>{t('checkout.quantity')}</th>
            <th>{t('checkout.line_total')}</th>
            <th>{t('checkout.subscription_details')}</th>
          </tr>
        </thead>
        <tbody>
          {draft.lines.map((line) => {
            const stored = data.lines.find((candidate) => candidate.id === line.id)!;
            const product = data.products.get(stored.product);
            const row = rows.find((candidate) => candidate.line.id === line.id);
            const quantity = line.quantity ?? stored.quantity;
            return (
              <tr key={line.id} data-testid={`line-${line.id}`} className={quantity === 0 ? 'basket-lines__removed' : undefined}>
                <td>{product?.name}</td>
                <td>
                  <LineQuantityInput
                    quantity={quantity}
                    {...lineQuantityRules(stored.selected_rate_plan, product, root)}
                    disabled={!product || !linesEditable}
                    problem={lineQuantityProblem({ quantity, selected_rate_plan: stored.selected_rate_plan }, product)}
                    onChange={(next) => onLine(line.id, { quantity: next })}
                    testId={`quantity-${line.id}`}
                  />
                </td>
                <td>{row ? formatMoney(row.priced.net.toFixed(2), data.basket.currency) : '--'}</td>
                <td className="basket-lines__details">
                  <LineDetailFields
                    type={product?.subscription_type}
                    details={line}
                    problem={problems.get(line.id)}
                    editable={linesEditable}
                    onChange={(field, value) => onLine(line.id, { [field]: value === '' ? null : value })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
