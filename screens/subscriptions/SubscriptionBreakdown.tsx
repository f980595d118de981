import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchList } from '../../runtime/api/client';
import { ApiProblem } from '../../runtime/api/problem';
import { sendRequest } from '../../runtime/api/send';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import { formatMoney } from '../../runtime/format/money';
import { isMessageKey } from '../../runtime/i18n/i18n';
import { useT } from '../../runtime/i18n/useT';
import { RouteLink } from '../../runtime/routing/RouteLink';
import { hasPermission } from '../../runtime/session/permissions';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import type { TabSlotProps } from '../../runtime/slots/slotTypes';
import { Modal } from '../../runtime/ui/Modal';
import { Spinner } from '../../runtime/ui/Spinner';
import { Tooltip } from '../../runtime/ui/Tooltip';
import { increases, isOpenOrder, lockedReason, quantityProblem, type BreakdownRow } from './changeRules';

interface Figures {
  product: number;
  quantity: number;
  recurring_cost: string | null;
  total_contract_value: string | null;
}
interface Preview {
  subscription_new: Figures[];
  rc_new: string | null;
  tcv_new: string | null;
  rc_old: string | null;
  tcv_old: string | null;
}

/** 000 §9: quantities settle 750 ms after the last keystroke before the preview is asked for. */
const PREVIEW_DELAY_MS = 750;

/**
 * The breakdown tab (001 §2, §4, §5, §6): each product with SKU, type, rate plan, quantity, recurring
 * cost and contract value. Raising a quantity asks the server for a preview (an earlier one is
 * cancelled) and shows the new figures beside the old; Save confirms (Place order / Go back) and
 * places a CHANGE_ORDER of the increases, with a please-wait modal, then reloads and says so with a
 * link to the order. Cancel reloads from the server. Quantities are locked, with the reason as a
 * tooltip, where 001 §6 says so.
 */
export function SubscriptionBreakdown({ id, record, reload, success, failure }: TabSlotProps) {
  const t = useT();
  const { push } = useAlerts();
  const { user } = useCurrentUser();
  const [rows, setRows] = useState<BreakdownRow[] | null>(null);
  const [openOrders, setOpenOrders] = useState(0);
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [placing, setPlacing] = useState(false);
  const running = useRef<AbortController | null>(null);
  const currency = String(record['currency'] ?? 'GBP');
  const name = String(record['name'] ?? id);

  const load = useCallback(async () => {
    running.current?.abort();
    const [products, orders] = await Promise.all([
      fetchList<BreakdownRow>(`/subscriptions/${id}/products`, {}),
      fetchList<{ status: string }>(`/subscriptions/${id}/orders`, {}),
    ]);
    setRows(products.rows);
    setOpenOrders(orders.rows.filter(isOpenOrder).length);
    setTyped({});
    setPreview(null);
    setPreviewing(false);
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  // 000 §6: on the user's own organisation's subscription, order:checkout must be granted over it.
  const own = (record['organisation'] as { id?: number } | null)?.id === user?.organisation.id;
  const locked = rows ? lockedReason(record, user?.root === true, openOrders, hasPermission(user, 'order:checkout', own)) : null;
  const lines = rows ? increases(rows, typed) : [];
  const invalid = (rows ?? []).some((row) => typed[row.id] !== undefined && quantityProblem(row, typed[row.id]!) !== null);
  const changed = (rows ?? []).some((row) => typed[row.id] !== undefined && typed[row.id] !== String(row.quantity));
  const body = {
    subscription: Number(id),
    organisation: (record['organisation'] as { id?: number } | null)?.id,
    order_type: 'CHANGE_ORDER',
    line_items: lines,
  };
  const signature = JSON.stringify(lines);

  // A new preview whenever the increases settle; the one before it is cancelled (001 §4).
  useEffect(() => {
    setPreview(null);
    if (lines.length === 0 || invalid || locked) {
      setPreviewing(false);
      return;
    }
    setPreviewing(true);
    const controller = new AbortController();
    running.current?.abort();
    running.current = controller;
    const timer = setTimeout(() => {
      sendRequest('POST', '/orders/preview', { body, signal: controller.signal })
        .then((answer) => {
          if (controller.signal.aborted) return;
          setPreview(answer.body as Preview);
          setPreviewing(false);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setPreviewing(false);
          const reason = error instanceof ApiProblem ? error.message_key : undefined;
          push({
            type: 'subscription_preview',
            level: 'danger',
            messageKey: 'preview_order_failure',
            ...(reason && isMessageKey(reason) && reason !== 'problem.internal' && { detail: { messageKey: reason } }),
          });
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The body is captured by its signature: a re-render with the same increases asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, invalid, locked]);

  const place = async () => {
    setConfirming(false);
    setPlacing(true);
    try {
      const answer = await sendRequest('POST', '/orders', { body });
      const order = answer.body as { id: number; name: string };
      push({
        type: 'subscription_change',
        level: 'success',
        messageKey: isMessageKey(success ?? '') ? (success as never) : 'subscription_updated_order_placed_success',
        values: { name },
        actions: [{ labelKey: 'view_order', route: 'order', params: { id: order.id } }],
        autoClearMs: null,
      });
      reload();
      await load();
    } catch (error) {
      const reason = error instanceof ApiProblem ? error.message_key : undefined;
      push({
        type: 'subscription_change',
        level: 'danger',
        messageKey: isMessageKey(failure ?? '') ? (failure as never) : 'subscription_updated_failure',
        values: { name },
        ...(reason && isMessageKey(reason) && reason !== 'problem.internal' && { detail: { messageKey: reason } }),
      });
      await load();
    } finally {
      setPlacing(false);
    }
  };

  if (!rows) return <Spinner />;
  const money = (value: string | null) => (value === null ? '--' : (formatMoney(value, currency) ?? value));
  const after = (row: BreakdownRow) => preview?.subscription_new.find((figures) => row.product && figures.product === row.product.id);
  const compared = (now: string | null, before: string | null) =>
    preview ? (
      <>
        <strong>{money(now)}</strong>{' '}
        <span className="subscription-breakdown__was">{t('subscriptions.was', { value: money(before) })}</span>
      </>
    ) : (
      money(before)
    );
  const canSave = changed && !invalid && !locked && lines.length > 0 && preview !== null && !previewing && !placing;

  return (
    <div className="subscription-breakdown">
      <table className="record-table">
        <thead>
          <tr>
            {(
              [
                'subscriptions.product',
                'subscriptions.sku',
                'subscriptions.product_type',
                'subscriptions.rate_plan',
                'subscriptions.quantity',
                'subscriptions.recurring_cost',
                'subscriptions.total_contract_value',
              ] as const
            ).map((key) => (
              <th key={key} scope="col">
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const value = typed[row.id] ?? String(row.quantity);
            const problem = typed[row.id] === undefined ? null : quantityProblem(row, value);
            const input = (
              <input
                type="number"
                aria-label={t('subscriptions.quantity') + (row.product ? ` ${row.product.name}` : '')}
                min={row.min_quantity}
                max={row.max_quantity ?? undefined}
                step={1}
                value={value}
                disabled={locked !== null || placing}
                aria-invalid={problem !== null}
                onChange={(event) => setTyped((current) => ({ ...current, [row.id]: event.target.value }))}
              />
            );
            const tip = locked ? t(locked) : problem ? t(problem.key, problem.values) : null;
            const figures = after(row);
            return (
              <tr key={row.id}>
                <td>
                  {row.product ? (
                    <RouteLink to="product" params={{ id: String(row.product.id) }}>
                      {row.product.name}
                    </RouteLink>
                  ) : (
                    '--'
                  )}
                </td>
                <td>{row.product?.product_code ?? '--'}</td>
                <td>
                  {row.product?.subscription_product_type
                    ? t(`subscription_product_type.${row.product.subscription_product_type}` as never)
                    : '--'}
                </td>
                <td>{row.rate_plan ?? '--'}</td>
                <td>
                  {tip ? <Tooltip text={tip}>{input}</Tooltip> : input}
                  {row.volume_ranges.length > 0 && (
                    <small className="subscription-breakdown__ranges">
                      {t('subscriptions.volume_ranges', {
                        ranges: row.volume_ranges.map((range) => `${range.starting_unit ?? 0}–${range.ending_unit ?? '∞'}`).join(', '),
                      })}
                    </small>
                  )}
                </td>
                <td>{compared(figures?.recurring_cost ?? null, row.recurring_cost)}</td>
                <td>{compared(figures?.total_contract_value ?? null, row.total_contract_value)}</td>
              </tr>
            );
          })}
        </tbody>
        {preview && (
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                {t('subscriptions.totals')}
              </th>
              <td>{compared(preview.rc_new, preview.rc_old)}</td>
              <td>{compared(preview.tcv_new, preview.tcv_old)}</td>
            </tr>
          </tfoot>
        )}
      </table>
      {previewing && <p role="status">{t('subscriptions.calculating')}</p>}
      <div className="subscription-breakdown__buttons">
        <button type="button" className="button" disabled={!canSave} onClick={() => setConfirming(true)}>
          {t('subscriptions.save')}
        </button>
        <button type="button" className="button button--secondary" disabled={!changed || placing} onClick={() => void load()}>
          {t('subscriptions.cancel_edit')}
        </button>
      </div>
      <Modal
        open={confirming}
        title={t('subscriptions.place_order')}
        onClose={() => setConfirming(false)}
        closeLabel={t('alert.close')}
        footer={
          <>
            <button type="button" className="button" onClick={() => void place()}>
              {t('subscriptions.place_order')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              {t('subscriptions.go_back')}
            </button>
          </>
        }
      >
        <p>{t('subscriptions.confirm_change_order', { name, rc: money(preview?.rc_new ?? null), tcv: money(preview?.tcv_new ?? null) })}</p>
      </Modal>
      <Modal open={placing} title={t('subscriptions.place_order')} onClose={() => undefined}>
        <p role="status">{t('subscriptions.placing_order')}</p>
      </Modal>
    </div>
  );
}
