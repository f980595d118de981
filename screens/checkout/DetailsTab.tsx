import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { formatMoney } from '../../runtime/format/money';
import type { CheckoutData, CheckoutLine, Draft, PricedRow } from './checkoutData';
import { requiredDetails } from '../../shared/baskets/lineDetails';
import { emailValid } from './completeness';
import { TextField } from './fields';

interface DetailsTabProps {
  data: CheckoutData;
  draft: Draft;
  rows: PricedRow[];
  poRequired: boolean;
  poTaken: boolean;
  onChange: (change: Partial<Draft>) => void;
  onLine: (id: number, change: Partial<CheckoutLine>) => void;
}

/** 000 §2.9 Order details: name and hub reference, PO number, ZOOM end user, the lines with their subscription details. */
export function DetailsTab({ data, draft, rows, poRequired, poTaken, onChange, onLine }: DetailsTabProps) {
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
      <TextField id="purchase_order_number" label={t('baskets.purchase_order_number')} value={draft.purchase_order_number} max={45} required={poRequired}
        invalid={poTaken} onChange={(value) => onChange({ purchase_order_number: value })}>
        {poTaken && <p className="form-field__warning" role="alert" data-testid="po-warning">{t('problem.non_unique_po_number')}</p>}
      </TextField>
      {zoom && (
        <>
          <TextField id="end_user" label={t('baskets.end_user')} value={draft.end_user} max={45} required onChange={(value) => onChange({ end_user: value })} />
          <TextField id="end_user_email" type="email" label={t('baskets.end_user_email')} value={draft.end_user_email} max={100} required
            invalid={!emailValid(draft.end_user_email)} onChange={(value) => onChange({ end_user_email: value })} />
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
            const problem = row?.priced.problems.find((candidate) => candidate.field === 'quantity');
            return (
              <tr key={line.id} data-testid={`line-${line.id}`}>
                <td>{product?.name}</td>
                <td>
                  <input type="number" min={0} step={1} aria-label={t('checkout.quantity')} value={line.quantity ?? stored.quantity}
                    aria-invalid={problem ? true : undefined} data-testid={`quantity-${line.id}`}
                    onChange={(event) => onLine(line.id, { quantity: Math.max(0, Math.floor(Number(event.target.value) || 0)) })} />
                </td>
                <td>{row ? formatMoney(row.priced.net.toFixed(2), data.basket.currency) : '--'}</td>
                <td>
                  {requiredDetails(product?.subscription_type).map((field) => (
                    <TextField key={field} id={`${field}-${line.id}`} label={t(`checkout.${field}` as MessageKey)} value={line[field] as string | null} max={field.endsWith('email') ? 255 : 20}
                      required onChange={(value) => onLine(line.id, { [field]: value })} />
                  ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
